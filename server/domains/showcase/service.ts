import { randomUUID } from 'node:crypto';
import {
  SHOWCASE_PLACEMENT_LABELS,
  type ShowcaseVideo,
  showcaseFileUrl,
  type showcasePublish,
} from '../../../shared/schemas/showcase';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

type PublishInput = ReturnType<typeof showcasePublish.parse>;

/** What the home carousel and /examples show, oldest first so an admin's order of publishing holds. */
export async function listShowcase(db: Db): Promise<ShowcaseVideo[]> {
  const rows = await repo.listPublished(db);
  return rows.map((row) => ({
    id: row.id,
    placement: row.placement,
    title: row.title,
    description: row.description,
    inLan: row.in_lan,
    outLan: row.out_lan,
    rso: row.rso,
    originalUrl: showcaseFileUrl(row.id, 'original'),
    subtitledUrl: showcaseFileUrl(row.id, 'subtitled'),
  }));
}

export const listShowcaseCandidates = repo.listCandidates;

/** A published video's file keys, for its public files; undefined when it is not published. */
export const showcaseFiles = repo.findFiles;

/**
 * Publishes a finished video: its original and subtitled files are copied under `showcase/`, so the
 * public copy outlives the company's video, and the row and its audit line are written together.
 */
export async function publishShowcase(services: Services, actor: SessionUser, input: PublishInput) {
  const video = await repo.findPublishable(services.db, input.videoId);
  if (!video?.source_key || !video.hardcoded_key) throw new NotFound('Finished video');
  const folder = `showcase/${randomUUID()}`;
  const keys = { original: `${folder}/original.mp4`, subtitled: `${folder}/subtitled.mp4` };
  try {
    await services.storage.copy(video.source_key, keys.original);
    await services.storage.copy(video.hardcoded_key, keys.subtitled);
    return await transaction(services.db, async (trx) => {
      const { id } = await repo.insertShowcase(trx, {
        placement: input.placement,
        title: input.title,
        description: input.description,
        video_id: video.id,
        in_lan: video.in_lan,
        out_lan: video.out_lan,
        rso: video.rso,
        original_key: keys.original,
        subtitled_key: keys.subtitled,
        published_by: actor.id,
      });
      await recordAudit(
        trx,
        actor,
        `Admin ${actor.username} published video ${video.id} (${video.filename}) of company ${video.company_id} on the ${SHOWCASE_PLACEMENT_LABELS[input.placement]} as "${input.title}", with its owner's consent`,
      );
      return { id };
    });
  } catch (error) {
    await removeFiles(services, keys);
    throw error;
  }
}

export async function unpublishShowcase(services: Services, actor: SessionUser, showcaseId: number) {
  const removed = await transaction(services.db, async (trx) => {
    const row = await repo.deleteShowcase(trx, showcaseId);
    if (!row) throw new NotFound('Published video');
    await recordAudit(
      trx,
      actor,
      `Admin ${actor.username} removed "${row.title}" from the ${SHOWCASE_PLACEMENT_LABELS[row.placement]}`,
    );
    return row;
  });
  await removeFiles(services, { original: removed.original_key, subtitled: removed.subtitled_key });
}

async function removeFiles(services: Services, keys: { original: string; subtitled: string }) {
  for (const key of [keys.original, keys.subtitled])
    await services.storage
      .remove(key)
      .catch((error) => services.logger.warn({ err: error, key }, 'showcase file left behind'));
}

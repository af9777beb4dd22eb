import { transaction } from '../../db/transaction';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { PermanentFailure } from '../videos/failure';
import * as repo from '../videos/service';
import { burnFrame, burnScript, planAgainst, storedSegmentKeys } from './burn-plan';
import * as burns from './repo';

/** Burning segments takes the bar to here; joining them takes it to 100. */
const SEGMENTS_SHARE = 95;

/** The burn-in's progress: the share of its segments finished. */
export function segmentProgress(done: number, total: number): number {
  return total === 0 ? 0 : Math.floor((done / total) * SEGMENTS_SHARE);
}

/**
 * The first step of a burn-in: the latest subtitle version, in the video's style, as the ASS script
 * every segment is drawn from, cut into segments (burn-plan.ts). Segments already stored with the
 * same fingerprint (by an earlier burn-in of this video) count as done; each other
 * one is queued as its own `burnSegment` job, for any worker; with none to burn, the join is queued
 * at once. The burn is recorded and its jobs queued in one transaction.
 */
export async function planBurnIn(services: Services, videoId: number): Promise<void> {
  const video = await repo.findForBurnIn(services.db, videoId);
  if (!video?.source_key) return; // deleted meanwhile
  const subtitle = await repo.latestSubtitle(services.db, videoId);
  if (!subtitle)
    throw new PermanentFailure(
      'There were no subtitles to burn in.',
      `burn-in: video ${videoId} has no subtitle version (subtitle_versions is empty)`,
    );
  const source = { ...video, source_key: video.source_key };
  const frame = await burnFrame(services, source);
  const ass = burnScript(source, frame, subtitle.srt);
  const stored = await storedSegmentKeys(services, source.source_key);
  const segments = planAgainst(services, source.source_key, ass, frame, stored);
  const toBurn = segments.filter((segment) => !segment.done);

  await transaction(services.db, async (trx) => {
    await burns.lockVideoForBurn(trx, videoId);
    const state = await burns.burnState(trx, videoId);
    // A video no longer waiting for its burn-in (deleted, or failed meanwhile) gets none.
    if (state?.hardcoded_status !== 'polling' || !state.source_key) return;
    const burnInId = await burns.insertBurnIn(trx, {
      videoId,
      subtitleVersionId: subtitle.id,
      style: video.subtitle_style,
      ass,
      fps: frame.fps,
      copyAudio: frame.copyAudio,
      segments,
    });
    for (const segment of toBurn)
      await enqueue(trx, jobs.burnSegment, { videoId, burnInId, index: segment.index });
    if (toBurn.length === 0) await enqueue(trx, jobs.joinBurnedSegments, { videoId, burnInId });
    const percent = segmentProgress(segments.length - toBurn.length, segments.length);
    if (percent > 0 && (await burns.advanceHardcodedProgress(trx, videoId, percent)))
      await publishEvent(trx, { type: 'video', companyId: state.company_id, videoId });
  });
}

/**
 * Whether a burn may still change its video: the newest burn of a video still waiting for it, of its
 * latest subtitle version and style. A burn superseded by a revision (or an admin's retry) is not,
 * even before the newer one is planned, so it never delivers old subtitles.
 */
export function isCurrentBurn(state: burns.BurnState | undefined, burn: burns.BurnIn): boolean {
  return (
    state !== undefined &&
    state.source_key !== null &&
    state.deleted_at === null &&
    state.hardcoded_status === 'polling' &&
    state.newest_burn_id === burn.id &&
    state.latest_version_id === burn.subtitle_version_id &&
    state.subtitle_style === burn.subtitle_style
  );
}

/** `isCurrentBurn` read now, outside any transaction: a cheap check before heavy work. */
export async function burnIsCurrent(services: Services, burn: burns.BurnIn): Promise<boolean> {
  return isCurrentBurn(await burns.burnState(services.db, burn.video_id), burn);
}

import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { z } from 'zod';
import { downloadName } from '../../../shared/file-names';
import type { OutputLanguage } from '../../../shared/languages';
import { MAX_REVISIONS } from '../../../shared/limits';
import {
  draftCues,
  EDITOR_TEXTS,
  type EditorCue,
  type saveAndBurnInInput,
  type saveDraftInput,
} from '../../../shared/schemas/editor';
import { cleanCueText } from '../../../shared/subtitles/srt-write';
import { AUDIO_ONLY_FRAME, isAudioOnly } from '../../../shared/video-status';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { computePeaks, NO_PEAKS, type Peaks } from '../../media/peaks';
import { probeVideo } from '../../media/probe';
import { runTimeLimitMs } from '../../media/run-ffmpeg';
import type { Services } from '../../services';
import { type LinkHolder, signDownload, verifyDownload } from '../../storage/signed-urls';
import { lookForRevision } from '../subtitle-styles/service';
import { stillMemberOf } from '../users/service';
import { reviseAddedLanguage, reviseSubtitles } from '../videos/revisions';
import { subtitleLanguage } from '../videos/script-language';
import * as videos from '../videos/service';
import { editedLanguage } from './languages';
import * as repo from './repo';

/**
 * How long the editor's media link lives: an editing session seeks through the video for a while.
 * A client past it opens the editor again for a fresh link (`mediaExpiresAt`).
 */
export const EDITOR_MEDIA_SECONDS = 2 * 60 * 60;
/** Marks the editor's links, so a download link is not taken for one. */
const MEDIA_FILENAME = 'editor-source.mp4';

/** Whose link it is; a user without a company (who could not open the video) gets one that opens nothing. */
export const linkHolder = (user: SessionUser): LinkHolder => ({
  userId: user.id,
  companyId: user.companyId ?? 0,
});

/** A signed link the editor plays a stored file by (`/api/editor-media/:token`), and when it expires. */
export function editorMediaLink(services: Services, key: string, holder: LinkHolder) {
  const mediaExpiresAt = Date.now() + EDITOR_MEDIA_SECONDS * 1000;
  const token = signDownload(services.secret, {
    key,
    filename: MEDIA_FILENAME,
    expiresAt: mediaExpiresAt,
    holder,
  });
  return { mediaUrl: `${services.config.publicUrl}/api/editor-media/${token}`, mediaExpiresAt };
}

type SaveDraft = z.output<typeof saveDraftInput>;
type SaveAndBurnIn = z.output<typeof saveAndBurnInInput>;

export async function companyVideo(db: Db, user: SessionUser, videoId: number) {
  const video = user.companyId ? await repo.findVideo(db, user.companyId, videoId) : undefined;
  if (!video) throw new NotFound('Video');
  return video;
}

/** The caller's company's video and the subtitles of it a request names ('' for its own). */
export async function companyVideoIn(
  db: Db,
  user: SessionUser,
  videoId: number,
  language: OutputLanguage | undefined,
) {
  const video = await companyVideo(db, user, videoId);
  return { video, language: await editedLanguage(db, user.companyId ?? 0, video, language) };
}

/**
 * Everything the editor shows when it opens a video of the caller's company, in one of its languages
 * (its own subtitles without one).
 */
export async function openEditor(
  services: Services,
  user: SessionUser,
  videoId: number,
  requested?: OutputLanguage,
) {
  const { video, language } = await companyVideoIn(services.db, user, videoId, requested);
  const [versions, latest, own, draft, sourceBytes, probe] = await Promise.all([
    repo.listVersions(services.db, videoId, language),
    videos.latestSubtitle(services.db, videoId, language),
    language ? null : videos.latestSubtitle(services.db, videoId),
    repo.findDraft(services.db, videoId, language),
    video.source_key ? services.storage.size(video.source_key) : null,
    // ffprobe reads only the container's header: cheap enough to ask on every open.
    video.source_key
      ? services.storage
          .probeInput(video.source_key)
          .then((input) => probeVideo(services.media.ffprobe, input))
      : null,
  ]);
  // A source gone from storage is said to be unavailable, not taken for a format the browser lacks.
  const { mediaUrl, mediaExpiresAt } =
    video.source_key && sourceBytes !== null
      ? editorMediaLink(services, video.source_key, linkHolder(user))
      : { mediaUrl: null, mediaExpiresAt: null };
  return {
    video: {
      id: video.id,
      title: video.title,
      filename: video.filename,
      durationSeconds: video.duration_seconds,
      plan: video.rso,
      // A user's own SRT names no language: its script stands for it, as in burn-in.
      language: language || subtitleLanguage(video.out_lan, own?.srt ?? ''),
      ...(isAudioOnly(video) ? AUDIO_ONLY_FRAME : { width: probe?.width ?? 0, height: probe?.height ?? 0 }),
      fps: probe?.fps ?? 0,
      style: video.subtitle_style,
      customStyle: video.custom_style,
      /** No picture (issue 22): the editor shows the waveform and the cues, and saves without burning. */
      audioOnly: isAudioOnly(video),
    },
    /**
     * Whose subtitles these are: the video's own (`own`), whose saving is a revision burned in, or an
     * added language's, whose saving makes a version of it and burns nothing (issue 40).
     */
    subtitles: { own: language === '' },
    mediaUrl,
    mediaExpiresAt,
    versions,
    latest: latest ? { version: latest.version, srt: latest.srt } : null,
    draft: draft
      ? {
          cues: storedCues(draft.cues),
          revision: draft.revision,
          baseVersion: draft.baseVersion,
          updatedAt: draft.updatedAt,
          updatedBy: draft.updatedBy,
        }
      : null,
    revisions: { used: video.revisions, max: MAX_REVISIONS },
  };
}

/** A draft's cues as stored: written through the same schema, read back through it. */
function storedCues(cues: unknown): EditorCue[] {
  return draftCues.parse(cues);
}

/** One version's SRT, of a video of the caller's company, in one of its languages. */
export async function subtitleVersion(
  services: Services,
  user: SessionUser,
  input: { id: number; versionId: number; language?: OutputLanguage },
) {
  const { language } = await companyVideoIn(services.db, user, input.id, input.language);
  const version = await repo.findVersion(services.db, input.id, input.versionId, language);
  if (!version) throw new NotFound('Subtitle version');
  return { srt: version.srt };
}

/**
 * Saves the draft if nobody saved since the caller last saw it (`revision`, 0 for no draft): free and
 * unlimited, it changes no version. Of two tabs saving on the same revision, one wins and the other
 * is refused with `changedElsewhere`, changing nothing.
 */
export async function saveDraft(services: Services, user: SessionUser, input: SaveDraft) {
  const companyId = user.companyId;
  if (!companyId) throw new NotFound('Video');
  return transaction(services.db, async (trx) => {
    const video = await repo.holdVideoForDraft(trx, companyId, input.id);
    if (!video) throw new NotFound('Video');
    const language = await editedLanguage(trx, companyId, video, input.language);
    if (input.revision > 0) {
      const saved = await repo.updateDraft(trx, {
        videoId: input.id,
        language,
        cues: input.cues,
        seen: input.revision,
        userId: user.id,
      });
      if (!saved) throw new Conflict(EDITOR_TEXTS.changedElsewhere);
      return saved;
    }
    const latest = await videos.latestSubtitle(trx, input.id, language);
    if (!latest) throw new Conflict(EDITOR_TEXTS.notReady);
    if (input.baseVersion !== undefined && input.baseVersion !== latest.version)
      throw new Conflict(EDITOR_TEXTS.changedElsewhere);
    const saved = await repo.insertDraft(trx, {
      videoId: input.id,
      language,
      cues: input.cues,
      baseVersion: latest.version,
      userId: user.id,
    });
    if (!saved) throw new Conflict(EDITOR_TEXTS.changedElsewhere);
    return saved;
  });
}

export async function discardDraft(
  services: Services,
  user: SessionUser,
  input: { id: number; language?: OutputLanguage },
) {
  const companyId = user.companyId;
  if (!companyId) throw new NotFound('Video');
  return transaction(services.db, async (trx) => {
    const video = await repo.holdVideoForDraft(trx, companyId, input.id);
    if (!video) throw new NotFound('Video');
    const language = await editedLanguage(trx, companyId, video, input.language);
    return { discarded: await repo.deleteDraft(trx, input.id, language) };
  });
}

/**
 * The draft becomes the next subtitle version and the video is burned again: a revision like an
 * uploaded edited SRT (PRODUCT.md §1), counted against the same 2 (PRODUCT.md §9) by the same
 * function. The draft goes in the same transaction; a refusal keeps it. Past the free revisions the
 * editor buys a re-burn instead (reburn.ts).
 */
export async function saveAndBurnIn(services: Services, user: SessionUser, input: SaveAndBurnIn) {
  // The own subtitles (no language named) are guarded by reviseSubtitles' own company lock.
  if (input.language) {
    const { language } = await companyVideoIn(services.db, user, input.id, input.language);
    if (language) return saveAddedLanguage(services, user, input, language);
  }
  return reviseSubtitles(services, user, input.id, (trx, video) => burnableDraft(trx, user, input, video));
}

/**
 * An added language's draft becomes that language's next version (videos/revisions.ts
 * `reviseAddedLanguage`): no revision counted, nothing charged, nothing burned. A style belongs to a
 * burn-in, which an added language has from My Videos ("Burn in this language"): refused here.
 */
async function saveAddedLanguage(
  services: Services,
  user: SessionUser,
  input: SaveAndBurnIn,
  language: OutputLanguage,
) {
  if (input.style) throw new InvalidInput(EDITOR_TEXTS.languageNotBurned);
  return reviseAddedLanguage(services, user, input.id, language, async (trx, video) => {
    const cues = draftToBurn(await repo.lockDraft(trx, input.id, language), input.revision);
    await repo.deleteDraft(trx, input.id, language);
    return { name: downloadName(video.filename, `.${language}.srt`), cues };
  });
}

/**
 * Refuses an added language where only the video's own subtitles are burned in (a bought re-burn).
 * A request naming no language asks for the own subtitles and is left to the caller's own company
 * check, so that check stays the one that guards the route.
 */
export async function ownSubtitlesOnly(
  db: Db,
  user: SessionUser,
  input: { id: number; language?: OutputLanguage },
) {
  if (!input.language) return;
  const { language } = await companyVideoIn(db, user, input.id, input.language);
  if (language) throw new Conflict(EDITOR_TEXTS.languageNotBurned);
}

/**
 * The draft at the revision the client saw, locked, as the subtitles to burn in (deleted: it becomes
 * a version), in the chosen look. Runs inside `reviseSubtitles`' transaction.
 */
export async function burnableDraft(
  trx: Db,
  user: SessionUser,
  input: SaveAndBurnIn,
  video: { filename: string },
) {
  const look = await lookForRevision(trx, user, input.style);
  const draft = await repo.lockDraft(trx, input.id, '');
  const cues = draftToBurn(draft, input.revision);
  await repo.deleteDraft(trx, input.id, '');
  return { name: downloadName(video.filename, '.srt'), cues, look };
}

/** The draft at `revision`, read without a lock, as it would be burned in: to price it (reburn.ts). */
export async function unlockedDraft(db: Db, input: { id: number; revision: number }) {
  return draftToBurn(await repo.findDraft(db, input.id, ''), input.revision);
}

/** A draft's cues with text, in time order; refused when it is not the revision the client saw. */
function draftToBurn(draft: { cues: unknown; revision: number } | undefined, revision: number) {
  if (!draft && revision === 0) throw new InvalidInput(EDITOR_TEXTS.nothingToBurnIn);
  if (!draft || draft.revision !== revision) throw new Conflict(EDITOR_TEXTS.changedElsewhere);
  const cues = storedCues(draft.cues)
    .filter((cue) => cleanCueText(cue.text).length > 0)
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  if (cues.length === 0) throw new InvalidInput(EDITOR_TEXTS.emptyDraft);
  return cues;
}

const storedPeaks = z.object({
  samplesPerSecond: z.number().positive(),
  peaks: z.array(z.number().min(-1).max(1)),
});

/** Where a video's peaks are kept: beside its source (`videos/<folder>/peaks.json`). */
export const peaksKey = (sourceKey: string) => path.posix.join(path.posix.dirname(sourceKey), 'peaks.json');

/** Peaks being computed in this process, so two opens of one video decode it once. */
const computing = new Map<string, Promise<Peaks>>();

/**
 * The waveform of the video's audio (format: server/media/peaks.ts): read from storage, or computed
 * once with ffmpeg and stored for the next time. A video without audio has none.
 */
export async function videoPeaks(services: Services, user: SessionUser, videoId: number): Promise<Peaks> {
  const video = await companyVideo(services.db, user, videoId);
  if (!video.source_key) throw new NotFound('Video file');
  return peaksOfSource(services, video.source_key);
}

export async function peaksOfSource(services: Services, sourceKey: string): Promise<Peaks> {
  const key = peaksKey(sourceKey);
  if ((await services.storage.size(key)) !== null)
    return storedPeaks.parse(JSON.parse(await text(services.storage.read(key))));
  const running = computing.get(key);
  if (running) return running;
  const work = computeAndStore(services, sourceKey, key).finally(() => computing.delete(key));
  computing.set(key, work);
  return work;
}

async function computeAndStore(services: Services, sourceKey: string, key: string): Promise<Peaks> {
  const peaks = await services.storage.withLocalFile(sourceKey, async (source) => {
    const probe = await probeVideo(services.media.ffprobe, source);
    if (!probe.isAcceptedVideo && !probe.isAcceptedAudio) throw new NotFound('Video file');
    return probe.audio
      ? computePeaks(services.media.ffmpeg, source, {
          leadSeconds: probe.audio.startSeconds,
          niceness: services.cpu.niceness,
          timeLimitMs: runTimeLimitMs(services.media.timeLimit, probe.durationSeconds),
        })
      : NO_PEAKS;
  });
  // Written whole, then moved into place: a reader never finds half a file.
  const partial = path.join(services.tmpDir, `peaks-${randomUUID()}.json`);
  try {
    await writeFile(partial, JSON.stringify(peaks));
    await services.storage.adopt(key, partial);
  } finally {
    await rm(partial, { force: true });
  }
  return peaks;
}

/**
 * The source video of an editor link, streamed inline and seekable; a forged or old link, or one made
 * for a user who has left the company since, finds nothing.
 */
export async function editorMediaKey(services: Services, token: string): Promise<string> {
  const grant = verifyDownload(services.secret, token);
  if (
    !grant?.holder ||
    grant.filename !== MEDIA_FILENAME ||
    !(await stillMemberOf(services.db, grant.holder))
  )
    throw new NotFound('Media link (it may have expired)');
  return grant.key;
}

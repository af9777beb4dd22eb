import { cuesToAss, parseSrt } from '../../../shared/subtitles';
import { resolveStyle } from '../../../shared/subtitles/subtitle-style';
import { transaction } from '../../db/transaction';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { paidLength } from '../../media/paid-length';
import { probeVideo } from '../../media/probe';
import { planSegments } from '../../media/segmented-burn';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { PermanentFailure } from '../videos/failure';
import { subtitleLanguage } from '../videos/script-language';
import * as repo from '../videos/service';
import { segmentKey } from './burned-segments';
import * as burns from './repo';

/** Burning segments takes the bar to here; joining them takes it to 100. */
const SEGMENTS_SHARE = 95;

/** The burn-in's progress: the share of its segments finished. */
export function segmentProgress(done: number, total: number): number {
  return total === 0 ? 0 : Math.floor((done / total) * SEGMENTS_SHARE);
}

/**
 * The first step of a burn-in: the latest subtitle version, in the video's style, as the ASS script
 * every segment is drawn from, cut into segments (server/media/segmented-burn.ts). Segments already
 * stored with the same fingerprint (by an earlier burn-in of this video) count as done; each other
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
  const sourceKey = video.source_key;
  // Only the header is read: from a bucket ffprobe asks for the ranges it needs.
  const probe = await probeVideo(services.media.ffprobe, await services.storage.probeInput(sourceKey));
  if (!probe.isAcceptedVideo)
    throw new PermanentFailure(
      'The uploaded video can no longer be read.',
      `burn-in: ffprobe of ${sourceKey} finds ${probe.found}, not a video it can burn into`,
    );
  const { width, height } = probe;
  // A header may claim more than was measured and paid for (an MP4 cut short), or nothing (a WebM
  // recorded in a browser): the paid length bounds it.
  const paid = paidLength(Number(video.duration_seconds));
  const durationSeconds = probe.durationSeconds > 0 ? Math.min(probe.durationSeconds, paid) : paid;
  const ass = cuesToAss(parseSrt(subtitle.srt), {
    width,
    height,
    language: subtitleLanguage(video.out_lan, subtitle.srt),
    style: resolveStyle(video.subtitle_style, video.custom_style),
  });
  // Without a known frame rate the whole video is one segment, drawn from its first frame to its end.
  const timed = probe.fps > 0 && durationSeconds > 0;
  const fps = timed ? probe.fps : 1;
  const frames = timed ? Math.max(1, Math.round(durationSeconds * fps)) : 1;
  const plan = planSegments(ass, { frames, fps }, { slots: services.config.WORKER_CONCURRENCY });
  const segments = await Promise.all(
    plan.map(async (segment) => ({
      ...segment,
      done: (await services.storage.size(segmentKey(sourceKey, segment))) !== null,
    })),
  );
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
      fps,
      copyAudio: probe.audio?.codec === 'aac',
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

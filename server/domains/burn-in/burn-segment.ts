import { transaction } from '../../db/transaction';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { prepareSubtitleFonts } from '../../media/fonts';
import { paidLength } from '../../media/paid-length';
import { SOURCE_LINK_SECONDS } from '../../media/remote-input';
import { runTimeLimitMs } from '../../media/run-ffmpeg';
import { burnSegmentFile } from '../../media/segment-files';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { progressWriter } from '../videos/progress';
import * as repo from '../videos/service';
import { burnIsCurrent, isCurrentBurn, segmentProgress } from './burn-in';
import { segmentKey } from './burned-segments';
import * as burns from './repo';

const PROGRESS_STEP = 5;

export interface SegmentJob {
  videoId: number;
  burnInId: number;
  index: number;
}

/**
 * Burns one segment of a burn-in, on whichever worker took the job: ffmpeg reads the part of the
 * source it needs through storage, the segment goes back to it under its fingerprint (in one step:
 * a segment file is whole or absent), then the segment is counted. A retry after a worker died finds the file already
 * stored or burns it again; a burn superseded meanwhile does nothing.
 */
export async function burnSegment(services: Services, job: SegmentJob, signal?: AbortSignal): Promise<void> {
  const burn = await burns.findBurnIn(services.db, job.burnInId);
  if (!burn || !(await burnIsCurrent(services, burn))) return;
  const video = await repo.findForBurnIn(services.db, job.videoId);
  const segment = (await burns.segmentsOf(services.db, burn.id)).find((row) => row.index === job.index);
  if (!video?.source_key || !segment) return;
  const sourceKey = video.source_key;
  const key = segmentKey(sourceKey, segment);
  if ((await services.storage.size(key)) === null) {
    const { seconds, onProgress } = await progressWithin(services, burn, segment);
    // From a bucket ffmpeg fetches only the index and the segment's stretch, through a link signed
    // for this attempt (a retry signs a new one), instead of a whole local copy of the source.
    const source = await services.storage.rangedInput(sourceKey, SOURCE_LINK_SECONDS);
    const made = await burnSegmentFile({
      ffmpeg: services.media.ffmpeg,
      tmpDir: services.tmpDir,
      cpu: services.cpu,
      signal,
      source,
      ass: burn.ass,
      fonts: await prepareSubtitleFonts(services.config.dataDir),
      fps: burn.fps,
      segment,
      onProgress,
      untilSeconds: paidLength(Number(video.duration_seconds)),
      timeLimitMs: runTimeLimitMs(services.media.timeLimit, seconds),
    });
    try {
      await services.storage.adopt(key, made.output);
    } finally {
      await made.cleanup();
    }
  }
  await countSegmentDone(services, burn, job.index);
}

/**
 * Moves the bar while the segment burns: the segments finished when it started, plus its own share
 * done (the bar only moves forward, so the fastest of the workers burning at once leads it), and
 * the segment's length in seconds.
 */
async function progressWithin(
  services: Services,
  burn: burns.BurnIn,
  segment: { startFrame: number; frames: number | null },
) {
  const [{ done, total }, video] = await Promise.all([
    burns.countSegments(services.db, burn.id),
    repo.findForBurnIn(services.db, burn.video_id),
  ]);
  // The last segment runs to the end: its length is what the others leave of the video.
  const segmentSeconds =
    segment.frames === null
      ? Math.max(0, paidLength(Number(video?.duration_seconds ?? 0)) - segment.startFrame / burn.fps)
      : segment.frames / burn.fps;
  const companyId = video?.company_id ?? 0;
  const write = progressWriter(
    (percent) => burns.advanceHardcodedProgress(services.db, burn.video_id, percent),
    () => publishEvent(services.db, { type: 'video', companyId, videoId: burn.video_id }),
  );
  let reported = segmentProgress(done, total);
  const onProgress = (seconds: number) => {
    const share = segmentSeconds > 0 ? Math.min(1, seconds / segmentSeconds) : 0;
    const percent = Math.floor(segmentProgress(done, total) + share * segmentProgress(1, total));
    if (percent < reported + PROGRESS_STEP) return;
    reported = percent;
    write(percent);
  };
  return { seconds: segmentSeconds, onProgress };
}

/**
 * Counts a stored segment, moves the bar, and when it was the last queues the join. The video row is
 * locked first, so two workers finishing the last two segments at once count one after the other and
 * exactly one of them sees all done (a second join queued for the same burn would replace the first).
 */
async function countSegmentDone(services: Services, burn: burns.BurnIn, index: number): Promise<void> {
  await transaction(services.db, async (trx) => {
    await burns.lockVideoForBurn(trx, burn.video_id);
    const state = await burns.burnState(trx, burn.video_id);
    if (!state || !isCurrentBurn(state, burn)) return;
    await burns.markSegments(trx, burn.id, [index], true);
    const { done, total } = await burns.countSegments(trx, burn.id);
    if (done === total)
      await enqueue(trx, jobs.joinBurnedSegments, { videoId: burn.video_id, burnInId: burn.id });
    if (await burns.advanceHardcodedProgress(trx, burn.video_id, segmentProgress(done, total)))
      await publishEvent(trx, { type: 'video', companyId: state.company_id, videoId: burn.video_id });
  });
}

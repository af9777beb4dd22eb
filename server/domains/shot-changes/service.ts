import { isAudioOnly } from '../../../shared/video-status';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { SOURCE_LINK_SECONDS } from '../../media/remote-input';
import { runTimeLimitMs } from '../../media/run-ffmpeg';
import { detectShotChanges } from '../../media/shot-changes';
import type { Services } from '../../services';
import * as repo from './repo';

export type ShotChanges = { status: 'ready'; timesMs: number[] } | { status: 'detecting' };

/**
 * Queued when a video is burned in (burn-join.ts), in the transaction that completes it: a video
 * that fails runs no more ffmpeg. Again after a revision's burn-in, when the job finds it done.
 */
export async function queueDetection(db: Db, videoId: number): Promise<void> {
  await enqueue(db, jobs.detectShotChanges, { videoId });
}

/**
 * The shot changes of a video of the caller's company, for the editor: once detected, their times;
 * until then `detecting`, and the detection is queued (a video uploaded before detection existed is
 * detected when first opened; asking again replaces the waiting job, never adds one).
 */
export async function shotChangesForEditor(
  services: Services,
  user: SessionUser,
  videoId: number,
): Promise<ShotChanges> {
  const video = user.companyId ? await repo.findForEditor(services.db, user.companyId, videoId) : undefined;
  if (!video) throw new NotFound('Video');
  if (video.timesMs) return { status: 'ready', timesMs: video.timesMs };
  if (isAudioOnly(video)) return { status: 'ready', timesMs: [] };
  await queueDetection(services.db, videoId);
  return { status: 'detecting' };
}

/** The job: the source read (by ranges from a bucket) once through ffmpeg's scene score, kept. */
export async function detectVideoShotChanges(
  services: Services,
  job: { videoId: number },
  signal?: AbortSignal,
): Promise<void> {
  const video = await repo.findForDetection(services.db, job.videoId);
  if (!video?.source_key || video.detected !== null) return; // deleted meanwhile, or done already
  const timesMs = isAudioOnly(video)
    ? []
    : await detectShotChanges(
        services.media.ffmpeg,
        await services.storage.rangedInput(video.source_key, SOURCE_LINK_SECONDS),
        {
          threads: services.cpu.threadsPerJob,
          niceness: services.cpu.niceness,
          signal,
          timeLimitMs: runTimeLimitMs(services.media.timeLimit, video.duration_seconds),
          cwd: services.tmpDir,
        },
      );
  await repo.saveShotChanges(services.db, job.videoId, timesMs);
}

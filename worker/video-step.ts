import type { JobHelpers } from 'graphile-worker';
import { failVideo, stepOutcome } from '../server/domains/videos/failure';
import { processingState } from '../server/domains/videos/service';
import type { VideoStatus } from '../server/jobs/catalog';
import type { Services } from '../server/services';
import { noteFailedForGood } from './job-runs';

/**
 * Runs one step of a video's chain; what its error does is decided by `stepOutcome`
 * (server/domains/videos/failure.ts): rethrown to be retried by Graphile Worker with backoff, logged
 * for a superseded burn, or the video marked failed and refunded.
 */
export async function runVideoStep(
  services: Services,
  helpers: JobHelpers,
  video: { id: number; failing: readonly VideoStatus[]; stillCurrent?: () => Promise<boolean> },
  step: () => Promise<void>,
): Promise<void> {
  // A video cancelled (or failed) meanwhile gets no more work: a step queued just before is dropped.
  const state = await processingState(services.db, video.id);
  if (state && !video.failing.some((status) => state[status] === 'polling')) {
    helpers.logger.info(`video ${video.id} is no longer being processed; step skipped`);
    return;
  }
  try {
    await step();
  } catch (error) {
    const outcome = await stepOutcome(error, {
      failing: video.failing,
      attempts: helpers.job.attempts,
      maxAttempts: helpers.job.max_attempts,
      stillCurrent: video.stillCurrent,
    });
    if (outcome.kind === 'retry') throw error;
    if (outcome.kind === 'superseded') {
      services.logger.warn({ err: error }, 'a superseded burn-in failed; the newer one goes on');
      return;
    }
    helpers.logger.error(`video ${video.id} failed for good: ${outcome.failure.cause}`);
    await failVideo(services.db, video.id, [...video.failing], outcome.failure);
    noteFailedForGood(helpers.job, outcome.failure.cause);
  }
}

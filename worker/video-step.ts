import type { JobHelpers } from 'graphile-worker';
import { failVideo, PermanentFailure } from '../server/domains/videos/failure';
import { EngineRefused } from '../server/engines/types';
import type { Services } from '../server/services';

type VideoStatus = 'srt_status' | 'hardcoded_status';

/**
 * Runs one step of a video's chain. A transient error is rethrown, so Graphile Worker retries the
 * step with backoff; a permanent one, or the last attempt's, marks the video failed and refunds it.
 */
export async function runVideoStep(
  services: Services,
  helpers: JobHelpers,
  video: { id: number; failing: VideoStatus[] },
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    const permanent = error instanceof PermanentFailure || error instanceof EngineRefused;
    if (!permanent && helpers.job.attempts < helpers.job.max_attempts) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    helpers.logger.error(`video ${video.id} failed for good: ${reason}`);
    await failVideo(services.db, video.id, video.failing, reason);
  }
}

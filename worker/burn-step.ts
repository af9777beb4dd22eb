import type { JobHelpers } from 'graphile-worker';
import { burnIsCurrent } from '../server/domains/burn-in/burn-in';
import { findBurnIn } from '../server/domains/burn-in/repo';
import type { VideoStatus } from '../server/jobs/catalog';
import type { Services } from '../server/services';
import { runVideoStep } from './video-step';

/**
 * A step of one burn (a segment, the join): it fails its video as any step does, unless the burn
 * was superseded meanwhile — then the newer burn decides the video's fate and this error is only logged.
 */
export function runBurnStep(
  services: Services,
  helpers: JobHelpers,
  job: { videoId: number; burnInId: number; failing: readonly VideoStatus[] },
  step: () => Promise<void>,
): Promise<void> {
  return runVideoStep(services, helpers, { id: job.videoId, failing: job.failing }, async () => {
    try {
      await step();
    } catch (error) {
      const burn = await findBurnIn(services.db, job.burnInId);
      if (burn && (await burnIsCurrent(services, burn))) throw error;
      services.logger.warn({ err: error }, 'a superseded burn-in failed; the newer one goes on');
    }
  });
}

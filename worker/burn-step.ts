import type { JobHelpers } from 'graphile-worker';
import { burnIsCurrent } from '../server/domains/burn-in/burn-in';
import { findBurnIn } from '../server/domains/burn-in/repo';
import type { VideoStatus } from '../server/jobs/catalog';
import type { Services } from '../server/services';
import { runVideoStep } from './video-step';

/**
 * A step of one burn (a segment, the join): it fails its video as any step does, unless the burn
 * was superseded meanwhile (`stepOutcome` in server/domains/videos/failure.ts decides).
 */
export function runBurnStep(
  services: Services,
  helpers: JobHelpers,
  job: { videoId: number; burnInId: number; failing: readonly VideoStatus[] },
  step: () => Promise<void>,
): Promise<void> {
  const stillCurrent = async () => {
    const burn = await findBurnIn(services.db, job.burnInId);
    return Boolean(burn && (await burnIsCurrent(services, burn)));
  };
  return runVideoStep(services, helpers, { id: job.videoId, failing: job.failing, stillCurrent }, step);
}

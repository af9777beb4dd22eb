import type { JobHelpers } from 'graphile-worker';
import {
  describeLanguageFailure,
  failLanguageBurn,
  failTranslation,
} from '../server/domains/languages/failure';
import type { LanguageJob } from '../server/domains/languages/translation';
import { stepOutcome } from '../server/domains/videos/failure';
import type { Services } from '../server/services';
import { noteFailedForGood } from './job-runs';

/**
 * Runs a job of an added language (issue 40). Its error is judged as a video step's is (`stepOutcome`:
 * retried with backoff, or failed at once when permanent), but failing it fails the language's
 * translation or its burned video alone, refunded once, and never the video.
 */
export async function runLanguageStep(
  services: Services,
  helpers: JobHelpers,
  job: LanguageJob & { product: 'translation' | 'burn' },
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    const outcome = await stepOutcome(error, {
      failing: ['srt_status'],
      attempts: helpers.job.attempts,
      maxAttempts: helpers.job.max_attempts,
    });
    if (outcome.kind !== 'failed') throw error;
    const failure = describeLanguageFailure(error, job.product);
    helpers.logger.error(
      `language ${job.language} of video ${job.videoId} failed for good: ${failure.cause}`,
    );
    const language = { videoId: job.videoId, language: job.language };
    await (job.product === 'translation' ? failTranslation : failLanguageBurn)(
      services.db,
      language,
      failure,
    );
    noteFailedForGood(helpers.job, failure.cause);
  }
}

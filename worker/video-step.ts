import type { JobHelpers } from 'graphile-worker';
import { failVideo, PermanentFailure, type VideoFailure } from '../server/domains/videos/failure';
import { processingState } from '../server/domains/videos/repo';
import {
  EngineRefused,
  LanguageModelRefused,
  LanguageModelUnavailable,
  SpeechModelUnavailable,
} from '../server/engines/types';
import type { VideoStatus } from '../server/jobs/catalog';
import { FfmpegTimedOut } from '../server/media/run-ffmpeg';
import type { Services } from '../server/services';
import { FAILURE_TEXTS } from '../shared/schemas/videos';
import { noteFailedForGood } from './job-runs';

/** The error and the errors it wraps, one after the other: what admins need to find the fault. */
function technicalCause(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current !== undefined && parts.length < 4; ) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ');
}

/** Our own failures get a plain sentence; a PermanentFailure's message is already written for the customer. */
export function describeFailure(error: unknown, failing: readonly VideoStatus[]): VideoFailure {
  if (error instanceof PermanentFailure) {
    const wrapped = error.cause === undefined ? '' : `: ${technicalCause(error.cause)}`;
    return { customer: error.message, cause: `${error.technical}${wrapped}` };
  }
  const cause = technicalCause(error);
  if (error instanceof SpeechModelUnavailable) return { customer: FAILURE_TEXTS.speechModel, cause };
  if (error instanceof LanguageModelUnavailable || error instanceof LanguageModelRefused)
    return { customer: FAILURE_TEXTS.languageModel, cause };
  if (error instanceof FfmpegTimedOut) return { customer: FAILURE_TEXTS.tooSlow, cause };
  const customer = failing.includes('srt_status') ? FAILURE_TEXTS.subtitles : FAILURE_TEXTS.video;
  return { customer, cause };
}

/**
 * Runs one step of a video's chain. A transient error is rethrown, so Graphile Worker retries the
 * step with backoff; a permanent one, or the last attempt's, marks the video failed and refunds it.
 */
export async function runVideoStep(
  services: Services,
  helpers: JobHelpers,
  video: { id: number; failing: readonly VideoStatus[] },
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
    // A run stopped at its time limit would only hold a slot as long again: it is not retried.
    const permanent =
      error instanceof PermanentFailure || error instanceof EngineRefused || error instanceof FfmpegTimedOut;
    if (!permanent && helpers.job.attempts < helpers.job.max_attempts) throw error;
    const failure = describeFailure(error, video.failing);
    helpers.logger.error(`video ${video.id} failed for good: ${failure.cause}`);
    await failVideo(services.db, video.id, [...video.failing], failure);
    noteFailedForGood(helpers.job, failure.cause);
  }
}

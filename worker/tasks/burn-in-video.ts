import { z } from 'zod';
import { burnInVideo, PermanentFailure } from '../../server/domains/videos/burn-in';
import { failVideo } from '../../server/domains/videos/failure';
import { defineTask } from '../task';

export const burnInVideoTask = defineTask({
  name: 'burn_in_video',
  payload: z.object({ videoId: z.number().int().positive() }),
  async handle({ videoId }, { services, helpers }) {
    try {
      await burnInVideo(services, videoId, helpers.abortSignal);
    } catch (error) {
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      if (!(error instanceof PermanentFailure) && !lastAttempt) throw error; // retried with backoff
      const reason = error instanceof Error ? error.message : String(error);
      helpers.logger.error(`burn-in of video ${videoId} failed for good: ${reason}`);
      await failVideo(services.db, videoId, ['hardcoded_status'], reason);
    }
  },
});

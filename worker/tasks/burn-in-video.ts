import { z } from 'zod';
import { burnInVideo } from '../../server/domains/videos/burn-in';
import { defineTask } from '../task';
import { runVideoStep } from '../video-step';

export const burnInVideoTask = defineTask({
  name: 'burn_in_video',
  payload: z.object({ videoId: z.number().int().positive() }),
  handle: ({ videoId }, { services, helpers }) =>
    runVideoStep(services, helpers, { id: videoId, failing: ['hardcoded_status'] }, () =>
      burnInVideo(services, videoId, helpers.abortSignal),
    ),
});

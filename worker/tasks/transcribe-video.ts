import { z } from 'zod';
import { transcribeVideo } from '../../server/domains/videos/generate';
import { defineTask } from '../task';
import { runVideoStep } from '../video-step';

export const transcribeVideoTask = defineTask({
  name: 'transcribe_video',
  payload: z.object({ videoId: z.number().int().positive() }),
  handle: ({ videoId }, { services, helpers }) =>
    runVideoStep(services, helpers, { id: videoId, failing: ['srt_status', 'hardcoded_status'] }, () =>
      transcribeVideo(services, videoId, helpers.abortSignal),
    ),
});

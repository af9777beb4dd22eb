import { z } from 'zod';
import { extractAudio } from '../../server/domains/videos/generate';
import { defineTask } from '../task';
import { runVideoStep } from '../video-step';

export const extractAudioTask = defineTask({
  name: 'extract_audio',
  payload: z.object({ videoId: z.number().int().positive() }),
  handle: ({ videoId }, { services, helpers }) =>
    runVideoStep(services, helpers, { id: videoId, failing: ['srt_status', 'hardcoded_status'] }, () =>
      extractAudio(services, videoId, helpers.abortSignal),
    ),
});

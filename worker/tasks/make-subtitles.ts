import { z } from 'zod';
import { makeSubtitles } from '../../server/domains/videos/generate';
import { defineTask } from '../task';
import { runVideoStep } from '../video-step';

export const makeSubtitlesTask = defineTask({
  name: 'make_subtitles',
  payload: z.object({ videoId: z.number().int().positive() }),
  handle: ({ videoId }, { services, helpers }) =>
    runVideoStep(services, helpers, { id: videoId, failing: ['srt_status', 'hardcoded_status'] }, () =>
      makeSubtitles(services, videoId),
    ),
});

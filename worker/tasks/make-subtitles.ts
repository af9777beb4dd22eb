import { makeSubtitles } from '../../server/domains/generation/generate';
import { jobs } from '../../server/jobs/catalog';
import type { Handler } from '../task';
import { runVideoStep } from '../video-step';

export const makeSubtitlesTask: Handler<'makeSubtitles'> = ({ videoId }, { services, helpers }) =>
  runVideoStep(services, helpers, { id: videoId, failing: jobs.makeSubtitles.fails }, () =>
    makeSubtitles(services, videoId),
  );

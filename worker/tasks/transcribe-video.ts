import { transcribeVideo } from '../../server/domains/generation/generate';
import { jobs } from '../../server/jobs/catalog';
import type { Handler } from '../task';
import { runVideoStep } from '../video-step';

export const transcribeVideoTask: Handler<'transcribeVideo'> = ({ videoId }, { services, helpers }) =>
  runVideoStep(services, helpers, { id: videoId, failing: jobs.transcribeVideo.fails }, () =>
    transcribeVideo(services, videoId, helpers.abortSignal),
  );

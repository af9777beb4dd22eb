import { planBurnIn } from '../../server/domains/burn-in/burn-in';
import { jobs } from '../../server/jobs/catalog';
import type { Handler } from '../task';
import { runVideoStep } from '../video-step';

export const burnInVideoTask: Handler<'burnInVideo'> = ({ videoId }, { services, helpers }) =>
  runVideoStep(services, helpers, { id: videoId, failing: jobs.burnInVideo.fails }, () =>
    planBurnIn(services, videoId),
  );

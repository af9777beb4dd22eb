import { joinBurnedSegments } from '../../server/domains/burn-in/burn-join';
import { jobs } from '../../server/jobs/catalog';
import { runBurnStep } from '../burn-step';
import type { Handler } from '../task';

export const joinBurnedSegmentsTask: Handler<'joinBurnedSegments'> = (payload, { services, helpers }) =>
  runBurnStep(services, helpers, { ...payload, failing: jobs.joinBurnedSegments.fails }, () =>
    joinBurnedSegments(services, payload, helpers.abortSignal),
  );

import { burnSegment } from '../../server/domains/burn-in/burn-segment';
import { jobs } from '../../server/jobs/catalog';
import { runBurnStep } from '../burn-step';
import type { Handler } from '../task';

export const burnSegmentTask: Handler<'burnSegment'> = (payload, { services, helpers }) =>
  runBurnStep(services, helpers, { ...payload, failing: jobs.burnSegment.fails }, () =>
    burnSegment(services, payload, helpers.abortSignal),
  );

import type { JobHelpers } from 'graphile-worker';
import type { PayloadOf, TaskName } from '../server/jobs/catalog';
import type { Services } from '../server/services';

/** What runs a job of the catalog, given its payload already parsed by the catalog's schema. */
export type Handler<Task extends TaskName> = (
  payload: PayloadOf<Task>,
  context: { services: Services; helpers: JobHelpers },
) => Promise<void>;

/** One handler for each task of the catalog, and none besides. */
export type Handlers = { [Task in TaskName]: Handler<Task> };

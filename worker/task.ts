import type { JobHelpers } from 'graphile-worker';
import type { z } from 'zod';
import type { Services } from '../server/services';

/** One job kind: its name, the schema its payload must pass, and a short handler. */
export interface TaskDefinition<Name extends string, Schema extends z.ZodType> {
  name: Name;
  payload: Schema;
  handle(payload: z.infer<Schema>, context: { services: Services; helpers: JobHelpers }): Promise<void>;
}

export function defineTask<Name extends string, Schema extends z.ZodType>(
  definition: TaskDefinition<Name, Schema>,
) {
  return definition;
}

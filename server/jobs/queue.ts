import { makeWorkerUtils, type TaskSpec, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import type { PayloadOf, TaskName } from '../../worker/tasks';

export interface Queue {
  add<Name extends TaskName>(name: Name, payload: PayloadOf<Name>, spec?: TaskSpec): Promise<void>;
  release(): Promise<void>;
}

export async function createQueue(pool: pg.Pool): Promise<Queue> {
  const utils: WorkerUtils = await makeWorkerUtils({ pgPool: pool });
  return {
    async add(name, payload, spec) {
      await utils.addJob(name, payload as never, spec);
    },
    release: async () => {
      await utils.release();
    },
  };
}

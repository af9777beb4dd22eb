import { sql } from 'kysely';
import type { Db } from '../server/db/database';

export const HEARTBEAT_MS = 5_000;
/** A worker silent this long is gone; its locked jobs go back to the queue. */
export const WORKER_GONE_MS = 30_000;

export async function beat(db: Db, workerIds: string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await db
    .insertInto('worker_heartbeats')
    .values(workerIds.map((worker_id) => ({ worker_id, seen_at: new Date() })))
    .onConflict((conflict) => conflict.column('worker_id').doUpdateSet({ seen_at: new Date() }))
    .execute();
}

/** Unlocks the jobs of workers without a recent heartbeat; answers how many workers were freed. */
export async function releaseJobsOfGoneWorkers(db: Db): Promise<number> {
  const gone = await sql<{ locked_by: string }>`
    select distinct jobs.locked_by
      from graphile_worker.jobs
     where jobs.locked_by is not null
       and not exists (
         select 1 from worker_heartbeats beats
          where beats.worker_id = jobs.locked_by
            and beats.seen_at > now() - make_interval(secs => ${WORKER_GONE_MS / 1000})
       )`.execute(db);
  const ids = gone.rows.map((row) => row.locked_by);
  if (ids.length > 0) await sql`select graphile_worker.force_unlock_workers(${ids}::text[])`.execute(db);
  await db
    .deleteFrom('worker_heartbeats')
    .where('seen_at', '<', new Date(Date.now() - 24 * 3600 * 1000))
    .execute();
  return ids.length;
}

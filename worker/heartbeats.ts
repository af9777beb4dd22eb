import type { Db } from '../server/db/database';
import {
  deleteHeartbeatsBefore,
  findSilentLockingWorkers,
  forceUnlockWorkers,
  upsertHeartbeats,
} from './repo';

export const HEARTBEAT_MS = 5_000;
/** A worker silent this long is gone; its locked jobs go back to the queue. */
export const WORKER_GONE_MS = 30_000;

export async function beat(db: Db, workerIds: string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await upsertHeartbeats(db, workerIds, new Date());
}

/** Unlocks the jobs of workers without a recent heartbeat; answers how many workers were freed. */
export async function releaseJobsOfGoneWorkers(db: Db): Promise<number> {
  const ids = await findSilentLockingWorkers(db, WORKER_GONE_MS / 1000);
  if (ids.length > 0) await forceUnlockWorkers(db, ids);
  await deleteHeartbeatsBefore(db, new Date(Date.now() - 24 * 3600 * 1000));
  return ids.length;
}

import { sql } from 'kysely';
import type { Services } from '../../services';

export async function isHealthy({ db, config, workerRunning }: Services): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
  } catch {
    return false;
  }
  return config.WORKER === 'off' || workerRunning();
}

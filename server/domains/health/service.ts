import type { Services } from '../../services';
import { ping } from './repo';

export async function isHealthy({ db, config, workerRunning }: Services): Promise<boolean> {
  try {
    await ping(db);
  } catch {
    return false;
  }
  return config.WORKER === 'off' || workerRunning();
}

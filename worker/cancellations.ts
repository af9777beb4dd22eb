import pg from 'pg';
import { VIDEO_CANCELLED_CHANNEL } from '../server/domains/videos/cancellation';
import type { Logger } from '../server/logger';
import { listen } from '../server/realtime/repo';

/** A running job's view of its video being cancelled. */
export interface JobWatch {
  /** Aborts when the worker stops (Graphile Worker's signal) or the video is cancelled. */
  signal: AbortSignal;
  cancelled(): boolean;
  done(): void;
}

export interface Cancellations {
  watch(videoId: number, workerSignal: AbortSignal): JobWatch;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * The worker's ear for `videos.cancel` (server/domains/videos/cancellation.ts): one LISTEN
 * connection; a cancelled video's running jobs are aborted, which kills their ffmpeg runs.
 */
export async function listenForCancellations(databaseUrl: string, logger: Logger): Promise<Cancellations> {
  const running = new Map<number, Set<AbortController>>();
  let client: pg.Client | null = null;
  let closed = false;

  const cancel = (videoId: number) => {
    for (const controller of running.get(videoId) ?? [])
      controller.abort(new Error('the video was cancelled'));
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => cancel(Number(message.payload)));
    next.on('error', (error) => {
      logger.warn({ err: error }, 'the cancellation listener lost its connection; reconnecting');
      next.end().catch(() => {});
      if (!closed) setTimeout(() => connect().catch(() => {}), RECONNECT_MS).unref();
    });
    await next.connect();
    await listen(next, VIDEO_CANCELLED_CHANNEL);
    client = next;
  };
  await connect();

  return {
    watch(videoId, workerSignal) {
      const controller = new AbortController();
      const stop = () => controller.abort(workerSignal.reason);
      if (workerSignal.aborted) stop();
      workerSignal.addEventListener('abort', stop, { once: true });
      const set = running.get(videoId) ?? new Set();
      set.add(controller);
      running.set(videoId, set);
      return {
        signal: controller.signal,
        cancelled: () => controller.signal.aborted && !workerSignal.aborted,
        done() {
          workerSignal.removeEventListener('abort', stop);
          set.delete(controller);
          if (set.size === 0) running.delete(videoId);
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await client?.end();
    },
  };
}

/** For runs without a listener (tests running jobs once): the worker's own signal only. */
export const noCancellations: Cancellations = {
  watch: (_videoId, signal) => ({ signal, cancelled: () => false, done() {} }),
  close: async () => {},
};

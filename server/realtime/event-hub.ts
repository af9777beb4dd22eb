import { EventEmitter, on } from 'node:events';
import pg from 'pg';
import { type CompanyEvent, companyEvent } from '../../shared/schemas/events';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { listen, notify } from './repo';

const CHANNEL = 'app_events';
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * Published with pg_notify, so an event written inside a transaction goes out only when it commits,
 * and reaches every server instance whichever process (server or worker) published it.
 */
export async function publishEvent(db: Db, event: CompanyEvent): Promise<void> {
  await notify(db, CHANNEL, JSON.stringify(event));
}

export interface EventHub {
  /** Yields the company's events until the signal aborts. */
  stream(companyId: number, signal: AbortSignal): AsyncGenerator<CompanyEvent>;
  close(): Promise<void>;
}

/** One LISTEN connection per process, fanned out in memory to subscribers. */
export async function startEventHub(connectionString: string, logger: Logger): Promise<EventHub> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const parsed = companyEvent.safeParse(JSON.parse(message.payload ?? 'null'));
      if (parsed.success) emitter.emit(`company:${parsed.data.companyId}`, parsed.data);
    });
    let lost = false;
    next.on('error', (error) => {
      if (lost) return;
      lost = true;
      logger.warn({ err: error }, 'event listener lost its connection; reconnecting');
      next.end().catch(() => {});
      reconnectLater();
    });
    try {
      await next.connect();
      await listen(next, CHANNEL);
    } catch (error) {
      lost = true;
      next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = RETRY_MIN_MS;
  };
  // A restarting database may take a while to answer: keep trying, less often as it stays away.
  const reconnectLater = () => {
    if (closed) return;
    setTimeout(() => {
      if (closed) return;
      connect().catch(() => {
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        reconnectLater();
      });
    }, retryMs).unref();
  };
  await connect();

  return {
    async *stream(companyId, signal) {
      try {
        for await (const [event] of on(emitter, `company:${companyId}`, { signal }))
          yield event as CompanyEvent;
      } catch (error) {
        if (!signal.aborted) throw error;
      }
    },
    async close() {
      closed = true;
      await client?.end();
    },
  };
}

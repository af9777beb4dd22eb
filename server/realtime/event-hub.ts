import { EventEmitter, on } from 'node:events';
import pg from 'pg';
import { type CompanyEvent, companyEvent, type LiveStreamMessage } from '../../shared/schemas/events';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { listen, notify } from './repo';

const CHANNEL = 'app_events';
/** Carries a user id whose credentials or membership changed: their open streams check again at once. */
const ACCESS_CHANNEL = 'access_changed';
/** The safety net behind the push: every stream checks its credential and membership this often. */
export const ACCESS_RECHECK_MS = 30_000;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * Published with pg_notify, so an event written inside a transaction goes out only when it commits,
 * and reaches every server instance whichever process (server or worker) published it.
 */
export async function publishEvent(db: Db, event: CompanyEvent): Promise<void> {
  await notify(db, CHANNEL, JSON.stringify(event));
}

/**
 * Tells every server instance that `userId`'s sessions, tokens or membership changed (sent when the
 * transaction of `db` commits), so the live streams they opened check whether they may go on.
 */
export async function announceAccessChange(db: Db, userId: number): Promise<void> {
  await notify(db, ACCESS_CHANNEL, String(userId));
}

/** Who opened a stream, and how to ask whether the credential and membership it was opened with still hold. */
export interface StreamAccess {
  userId: number;
  stillGranted: () => Promise<boolean>;
}

/** Why a stream ended: its subscriber left, or the access it was opened with ended. */
export type StreamEnd = 'closed' | 'access-ended';

export interface EventHub {
  /**
   * Yields `{ type: 'listening' }` once the company's events are heard, then each of them, until the
   * signal aborts or `access` no longer holds: checked when an access change is announced for the
   * user, and every `recheckMs` in any case. Every stream opened for a caller passes its access; only
   * in-process listeners (tests, tools) pass none.
   */
  stream(
    companyId: number,
    signal: AbortSignal,
    access?: StreamAccess,
  ): AsyncGenerator<LiveStreamMessage, StreamEnd>;
  close(): Promise<void>;
}

/** One LISTEN connection per process, fanned out in memory to subscribers. */
export async function startEventHub(
  connectionString: string,
  logger: Logger,
  { recheckMs = ACCESS_RECHECK_MS }: { recheckMs?: number } = {},
): Promise<EventHub> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === ACCESS_CHANNEL) {
        emitter.emit(`user:${Number(message.payload)}`);
        return;
      }
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
      await listen(next, ACCESS_CHANNEL);
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
    async *stream(companyId, signal, access) {
      const ended = new AbortController();
      const both = AbortSignal.any([signal, ended.signal]);
      // While a check runs, events wait: one published after a revocation is never sent before it.
      let checking: Promise<void> | null = null;
      const check = () => {
        if (!access) return;
        const run = access.stillGranted().then(
          (granted) => {
            if (!granted) ended.abort();
          },
          // A database that does not answer ends nothing: the next check decides.
          (error) => logger.warn({ err: error }, 'could not check a live stream access'),
        );
        const pending: Promise<void> = run.finally(() => {
          if (checking === pending) checking = null;
        });
        checking = pending;
      };
      const userTopic = `user:${access?.userId}`;
      if (access) emitter.on(userTopic, check);
      const timer = access ? setInterval(check, recheckMs) : undefined;
      timer?.unref();
      // Once at the start too: what was revoked between the request's check and now is caught.
      check();
      try {
        // Listening from here: events published while the mark is on its way wait in `heard`.
        const heard = on(emitter, `company:${companyId}`, { signal: both });
        yield { type: 'listening' };
        for await (const [event] of heard) {
          if (checking) await checking;
          if (both.aborted) break;
          yield event as CompanyEvent;
        }
      } catch (error) {
        if (!both.aborted) throw error;
      } finally {
        emitter.off(userTopic, check);
        clearInterval(timer);
      }
      return ended.signal.aborted && !signal.aborted ? 'access-ended' : 'closed';
    },
    async close() {
      closed = true;
      await client?.end();
    },
  };
}

import { sql } from 'kysely';
import { publishEvent } from '../../server/realtime/event-hub';
import { STATUS_POLL_MS } from '../../shared/limits';
import { isEventOfVideo, type SseSubscription, subscribe, untilLive } from '../../test/support/sse-client';
import type { BenchUser } from '../env/accounts';
import type { BenchDatabase } from '../env/database';
import { type Poll, pollLatencies } from './poll-latency';

export interface StatusPushMeasurements {
  /** Change started in the database → event read by the subscribed client, ms; one list per round. */
  pushMs: number[][];
  /**
   * Same changes seen by a client polling every STATUS_POLL_MS (the legacy client's way, PRODUCT.md §4), ms.
   */
  pollMs: number[];
  lost: number;
}

async function insertVideo(database: BenchDatabase, companyId: number): Promise<number> {
  const { rows } = await database.pool.query<{ id: number }>(
    `INSERT INTO videos (company_id, mode, filename, duration_seconds, price_cents, srt_status)
     VALUES ($1, 'hardcode', 'status.mp4', 60, 10, 'completed') RETURNING id`,
    [companyId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('could not insert the video to change');
  return id;
}

/** What a worker step does when it moves a video on: update the row and publish, in one transaction. */
async function changeStatus(database: BenchDatabase, videoId: number, companyId: number, counter: number) {
  await database.db.transaction().execute(async (trx) => {
    await sql`UPDATE videos SET srt_progress = ${counter % 100}, title = ${String(counter)}, updated_at = now()
              WHERE id = ${videoId}`.execute(trx);
    await publishEvent(trx, { type: 'video', companyId, videoId });
  });
}

/**
 * The legacy client (PRODUCT.md §4): GET the video every STATUS_POLL_MS, remembering when each answer
 * arrived.
 */
function startPolling(base: string, user: BenchUser, videoId: number) {
  const polls: Poll[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}/api/upload-logs?filters[id]=${videoId}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const body = (await response.json()) as { data?: { attributes?: { title?: string } }[] };
      polls.push({ at: performance.now(), counter: Number(body.data?.[0]?.attributes?.title ?? -1) });
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, STATUS_POLL_MS - (performance.now() - started))),
      );
    }
  })();
  return {
    polls,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

interface Watched {
  database: BenchDatabase;
  videoId: number;
  companyId: number;
  subscription: SseSubscription;
  /** Increases with every change; also written to the row so the poller can tell which it saw. */
  counter: number;
}

/** The subscription is live once a change reaches it. */
function waitUntilLive(watched: Watched): Promise<void> {
  const change = () => changeStatus(watched.database, watched.videoId, watched.companyId, ++watched.counter);
  return untilLive(watched.subscription, change, isEventOfVideo(watched.videoId), {
    attempts: 11,
    waitMs: 1000,
  });
}

/** One round of changes at random 20–200 ms intervals; each waits for its event (or 5 s). */
async function changeRound(watched: Watched, changes: number, made: { at: number; counter: number }[]) {
  const latencies: number[] = [];
  let lost = 0;
  for (let change = 0; change < changes; change++) {
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 180));
    const at = performance.now();
    await changeStatus(watched.database, watched.videoId, watched.companyId, ++watched.counter);
    made.push({ at, counter: watched.counter });
    try {
      latencies.push((await watched.subscription.next(isEventOfVideo(watched.videoId), 5000)).at - at);
    } catch {
      lost++;
    }
  }
  return { latencies, lost };
}

/**
 * In rounds, changes a video's status at random intervals; a subscribed SSE client and a 2-second
 * poller watch the same video. Both clocks are this process's.
 */
export async function measureStatusPush(
  base: string,
  database: BenchDatabase,
  user: BenchUser,
  plan: { changes: number; rounds: number },
): Promise<StatusPushMeasurements> {
  const videoId = await insertVideo(database, user.companyId);
  const subscription = await subscribe(`${base}/trpc/events.company`, {
    authorization: `Bearer ${user.token}`,
  });
  const watched: Watched = { database, videoId, companyId: user.companyId, subscription, counter: 0 };
  try {
    await waitUntilLive(watched);
    const poller = startPolling(base, user, videoId);
    const made: { at: number; counter: number }[] = [];
    const pushMs: number[][] = [];
    let lost = 0;
    for (let round = 0; round < plan.rounds; round++) {
      const result = await changeRound(watched, plan.changes, made);
      pushMs.push(result.latencies);
      lost += result.lost;
    }
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS + 500));
    await poller.stop();
    return { pushMs, pollMs: pollLatencies(made, poller.polls), lost };
  } finally {
    subscription.close();
  }
}

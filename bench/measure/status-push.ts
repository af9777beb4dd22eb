import { sql } from 'kysely';
import { publishEvent } from '../../server/realtime/event-hub';
import { STATUS_POLL_MS } from '../../shared/limits';
import { type SseSubscription, subscribe, untilLive } from '../../test/support/sse-client';
import type { BenchUser } from '../env/accounts';
import type { BenchDatabase } from '../env/database';
import { type Poll, pollLatencies } from './poll-latency';
import { isEventOfExactVideo, pushLatency } from './push-match';

export interface StatusPushMeasurements {
  /**
   * Change started in the database → the event about that change read by the subscribed client, ms;
   * one list per round. Every change writes its own video, so each event is matched to its write.
   */
  pushMs: number[][];
  /**
   * Same changes seen by a client polling every STATUS_POLL_MS (the legacy client's way, PRODUCT.md §4), ms.
   */
  pollMs: number[];
  lost: number;
}

async function insertVideos(database: BenchDatabase, companyId: number, count: number): Promise<number[]> {
  const { rows } = await database.pool.query<{ id: number }>(
    `INSERT INTO videos (company_id, mode, filename, duration_seconds, price_cents, srt_status)
     SELECT $1, 'hardcode', 'status.mp4', 60, 10, 'completed' FROM generate_series(1, $2::int)
     RETURNING id`,
    [companyId, count],
  );
  if (rows.length !== count) throw new Error(`inserted ${rows.length} of ${count} videos to change`);
  return rows.map((row) => row.id);
}

/**
 * What a worker step does when it moves a video on: update the row and publish, in one transaction.
 * The polled video takes the same counter in the same transaction, without an event of its own.
 */
async function changeStatus(watched: Watched, videoId: number, counter: number) {
  await watched.database.db.transaction().execute(async (trx) => {
    await sql`UPDATE videos SET srt_progress = ${counter % 100}, title = ${String(counter)}, updated_at = now()
              WHERE id IN (${videoId}, ${watched.polledVideoId})`.execute(trx);
    await publishEvent(trx, { type: 'video', companyId: watched.companyId, videoId });
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
  // A failed poll (the server went away) surfaces from stop(), never as an unhandled rejection.
  const failure = loop.then(
    () => null,
    (error: unknown) => error,
  );
  return {
    polls,
    stop: async () => {
      running = false;
      const error = await failure;
      if (error)
        throw new Error(
          `the polling client failed: ${error instanceof Error ? error.message : String(error)}`,
        );
    },
  };
}

interface Watched {
  database: BenchDatabase;
  /** The video the 2-second poller watches; every change also writes its counter there. */
  polledVideoId: number;
  companyId: number;
  subscription: SseSubscription;
  /** Increases with every change; also written to the row so the poller can tell which it saw. */
  counter: number;
}

/** The subscription is live once a change of the warm-up video reaches it (not measured). */
function waitUntilLive(watched: Watched, warmUpVideoId: number): Promise<void> {
  const change = () => changeStatus(watched, warmUpVideoId, ++watched.counter);
  return untilLive(watched.subscription, change, isEventOfExactVideo(warmUpVideoId), {
    attempts: 11,
    waitMs: 1000,
  });
}

/**
 * One round of changes at random 20–200 ms intervals, each to its own video; each waits for the
 * event about that video (or 5 s, then it counts as lost).
 */
async function changeRound(
  watched: Watched,
  videoIds: readonly number[],
  made: { at: number; counter: number }[],
) {
  const latencies: number[] = [];
  let lost = 0;
  for (const videoId of videoIds) {
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 180));
    const at = performance.now();
    await changeStatus(watched, videoId, ++watched.counter);
    made.push({ at, counter: watched.counter });
    const event = await watched.subscription.next(isEventOfExactVideo(videoId), 5000).catch(() => null);
    if (event) latencies.push(pushLatency({ videoId, at }, event));
    else lost++;
  }
  return { latencies, lost };
}

/**
 * In rounds, changes videos' status at random intervals, each change to a video of its own so the
 * subscribed SSE client's events match their writes one to one; a 2-second poller watches one video
 * that every change also writes. Both clocks are this process's.
 */
export async function measureStatusPush(
  base: string,
  database: BenchDatabase,
  user: BenchUser,
  plan: { changes: number; rounds: number },
): Promise<StatusPushMeasurements> {
  const [polledVideoId, warmUpVideoId, ...changed] = await insertVideos(
    database,
    user.companyId,
    2 + plan.rounds * plan.changes,
  );
  if (polledVideoId === undefined || warmUpVideoId === undefined) throw new Error('no video to watch');
  const subscription = await subscribe(`${base}/trpc/events.company`, {
    authorization: `Bearer ${user.token}`,
  });
  const watched: Watched = { database, polledVideoId, companyId: user.companyId, subscription, counter: 0 };
  try {
    await waitUntilLive(watched, warmUpVideoId);
    const poller = startPolling(base, user, polledVideoId);
    try {
      const made: { at: number; counter: number }[] = [];
      const pushMs: number[][] = [];
      let lost = 0;
      for (let round = 0; round < plan.rounds; round++) {
        const videoIds = changed.slice(round * plan.changes, (round + 1) * plan.changes);
        const result = await changeRound(watched, videoIds, made);
        pushMs.push(result.latencies);
        lost += result.lost;
      }
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS + 500));
      await poller.stop();
      return { pushMs, pollMs: pollLatencies(made, poller.polls), lost };
    } finally {
      await poller.stop().catch(() => {});
    }
  } finally {
    subscription.close();
  }
}

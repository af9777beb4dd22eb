import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '../../../shared/schemas/dashboard';
import { adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';

const { app, call, db } = await testApp();
const DAY = 24 * 3600 * 1000;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
let admin: string;
let poor: number;
let rich: number;
let runningVideo: number;

async function company(name: string, cents: number, at: Date) {
  const row = await db.insertInto('companies').values({ name }).returning('id').executeTakeFirstOrThrow();
  await sql`insert into credit_ledger (company_id, kind, amount_cents, created_at)
            values (${row.id}, 'purchase', ${cents}, ${at})`.execute(db);
  return row.id;
}

async function video(companyId: number, mode: string, seconds: number, at: Date, status = 'completed') {
  const row = await sql<{ id: number }>`
    insert into videos (company_id, mode, filename, duration_seconds, price_cents, srt_status, hardcoded_status, created_at)
    values (${companyId}, ${mode}, 'seeded.mp4', ${seconds}, 0, ${status}, ${status}, ${at}) returning id`.execute(
    db,
  );
  return row.rows[0]?.id ?? 0;
}

/** An audio-only upload (migration 0020): subtitles only, its hardcoded video `not_applicable`. */
async function audioOnly(companyId: number, seconds: number, at: Date, srtStatus: string) {
  await sql`
    insert into videos (company_id, mode, filename, duration_seconds, price_cents, srt_status, hardcoded_status, created_at)
    values (${companyId}, 'generate', 'seeded.m4a', ${seconds}, 0, ${srtStatus}, 'not_applicable', ${at})`.execute(
    db,
  );
}

async function ledger(companyId: number, kind: string, cents: number, at: Date) {
  await sql`insert into credit_ledger (company_id, kind, amount_cents, created_at)
            values (${companyId}, ${kind}, ${cents}, ${at})`.execute(db);
}

/** An attempt as a worker records it (worker/repo.ts): its row and its day's count. */
async function jobRun(task: string, outcome: string, at: Date, error: string | null = null) {
  await sql`insert into job_runs (task, attempt, outcome, error, started_at, finished_at)
            values (${task}, 1, ${outcome}, ${error}, ${new Date(at.getTime() - 5000)}, ${at})`.execute(db);
  await sql`insert into job_run_days (day, task, outcome, runs)
            values ((${at}::timestamptz at time zone 'UTC')::date, ${task}, ${outcome}, 1)
            on conflict (day, task, outcome) do update set runs = job_run_days.runs + 1`.execute(db);
}

beforeAll(async () => {
  admin = await adminToken(call);
  // Money: €100 sold today, €50 ten days ago, €20 forty days ago; the rich company buys it.
  rich = await company('Rich company', 10_000, new Date());
  await ledger(rich, 'purchase', 5_000, daysAgo(10));
  await ledger(rich, 'purchase', 2_000, daysAgo(40));
  poor = await company('Poor company', 50, new Date());
  await ledger(rich, 'charge', -300, new Date());
  await ledger(rich, 'refund', 100, new Date());

  // Minutes: today 3 + 1.5 generate and 2 hardcode; ten days ago 10 generate; forty days ago 60 hardcode.
  await video(rich, 'generate', 180, new Date());
  await video(rich, 'generate', 90, new Date());
  await video(rich, 'hardcode', 120, new Date());
  await video(rich, 'generate', 600, daysAgo(10));
  await video(rich, 'hardcode', 1800, daysAgo(40));
  await video(rich, 'hardcode', 1800, daysAgo(41));
  await video(rich, 'generate', 999, new Date(), 'failed'); // not delivered: no minutes
  runningVideo = await video(poor, 'hardcode', 30, new Date(), 'polling');
  // Audio alone is delivered with its subtitles: 1 more generate minute today, 2 ten days ago.
  await audioOnly(rich, 60, new Date(), 'completed');
  await audioOnly(rich, 120, daysAgo(10), 'completed');
  await audioOnly(rich, 777, new Date(), 'failed'); // not delivered: no minutes
  await audioOnly(rich, 888, new Date(), 'polling'); // not yet delivered

  // Steps: transcription 1 failure in 4 endings today, one more failure 40 days ago; retries are no endings.
  for (const outcome of ['completed', 'completed', 'completed', 'retried'])
    await jobRun('transcribe_video', outcome, new Date());
  await jobRun('transcribe_video', 'failed', new Date(), 'whisper crashed');
  await jobRun('transcribe_video', 'failed', daysAgo(40), 'old failure');
  await jobRun('burn_in_video', 'completed', daysAgo(10));
  // A burn-in is spread over jobs (migration 0019): today one plan, three segments of which one
  // failed for good, and a join that failed: 2 failures in 5 endings of the Burn-in step.
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await jobRun('burn_in_video', 'completed', minutesAgo(10));
  await jobRun('burn_segment', 'completed', minutesAgo(9));
  await jobRun('burn_segment', 'retried', minutesAgo(9));
  await jobRun('burn_segment', 'completed', minutesAgo(8));
  await jobRun('burn_segment', 'failed', minutesAgo(3), 'segment 2: ffmpeg crashed');
  await jobRun('join_burned_segments', 'failed', minutesAgo(2), 'joined file is short');

  // The queue: one waiting job, one held by a live worker; a silent worker is not alive.
  await enqueue(db, jobs.extractAudio, { videoId: runningVideo });
  await enqueue(db, jobs.burnInVideo, { videoId: runningVideo });
  await sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'pool-live'
             where key = ${`burn-in:${runningVideo}`}`.execute(db);
  await db
    .insertInto('worker_heartbeats')
    .values([
      { worker_id: 'pool-live', seen_at: new Date() },
      { worker_id: 'pool-gone', seen_at: new Date(Date.now() - 5 * 60_000) },
    ])
    .execute();
});

async function dashboard(days: number): Promise<AdminDashboard> {
  const answer = await testCaller(app, admin).query('dashboard.overview', { days });
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  return answer.data;
}

describe('the admin dashboard', () => {
  it('adds up minutes per day by mode, only delivered videos (audio alone with its subtitles), only inside the period', async () => {
    const week = await dashboard(7);
    expect(week.minutesPerDay).toHaveLength(7);
    expect(week.minutesPerDay.at(-1)).toEqual({ day: today, generate: 5.5, hardcode: 2 });
    const total = (board: AdminDashboard, mode: 'generate' | 'hardcode') =>
      board.minutesPerDay.reduce((sum, day) => sum + day[mode], 0);
    expect(total(week, 'generate')).toBe(5.5);
    const month = await dashboard(30);
    expect(total(month, 'generate')).toBe(17.5);
    expect(total(month, 'hardcode')).toBe(2);
    const quarter = await dashboard(90);
    expect(quarter.minutesPerDay).toHaveLength(90);
    expect(total(quarter, 'hardcode')).toBe(62);
  });

  it('counts euros sold, charged and refunded per day', async () => {
    const week = await dashboard(7);
    expect(week.moneyPerDay.at(-1)).toEqual({ day: today, sold: 100.5, charged: 3, refunded: 1 });
    const sold = (board: AdminDashboard) => board.moneyPerDay.reduce((sum, day) => sum + day.sold, 0);
    expect(sold(await dashboard(30))).toBe(150.5);
    expect(sold(await dashboard(90))).toBe(170.5);
  });

  it('gives each step its share of failed endings in the period', async () => {
    const week = await dashboard(7);
    expect(week.failureRateByStep.map((step) => step.label)).toEqual([
      'Audio',
      'Transcription',
      'Subtitles',
      'Burn-in',
    ]);
    expect(week.failureRateByStep[1]).toMatchObject({
      task: 'transcribe_video',
      runs: 4,
      failed: 1,
      rate: 0.25,
    });
    // The burn-in's segments and join count as the Burn-in step's endings.
    expect(week.failureRateByStep[3]).toMatchObject({ task: 'burn_in_video', runs: 5, failed: 2, rate: 0.4 });
    const quarter = await dashboard(90);
    expect(quarter.failureRateByStep[1]).toMatchObject({ runs: 5, failed: 2, rate: 0.4 });
    expect(quarter.failureRateByStep[3]).toMatchObject({ runs: 6, failed: 2, rate: 0.3333 });
  });

  it('shows the queue now with the last day’s failures, and what each live worker does', async () => {
    const { queue, workers } = await dashboard(7);
    expect(queue).toMatchObject({ waiting: 1, running: 1, failedLast24h: 3 });
    expect(queue.failures).toEqual([
      expect.objectContaining({ task: 'transcribe_video', error: 'whisper crashed' }),
      expect.objectContaining({ task: 'join_burned_segments', error: 'joined file is short' }),
      expect.objectContaining({ task: 'burn_segment', error: 'segment 2: ffmpeg crashed' }),
    ]);
    expect(workers).toEqual([
      {
        id: 'pool-live',
        seenAt: expect.any(String),
        jobs: [{ task: 'burn_in_video', videoId: runningVideo, since: expect.any(String) }],
      },
    ]);
  });

  it('lists the companies with the lowest balances first', async () => {
    // The seeded database has no other company yet.
    expect((await dashboard(7)).lowestBalances).toEqual([
      { id: poor, name: 'Poor company', balance: 0.5 },
      { id: rich, name: 'Rich company', balance: 168 },
    ]);
  });

  it('is for admins only, and takes only 7, 30 or 90 days', async () => {
    const user = await signedUpUser(call, 'dashboard-user');
    expect((await testCaller(app, user.token).query('dashboard.overview', { days: 7 })).status).toBe(403);
    expect((await testCaller(app).query('dashboard.overview', { days: 7 })).status).toBe(401);
    const wrong = await testCaller(app, admin).query('dashboard.overview', { days: 14 });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.error)).toContain('7, 30 or 90');
  });
});

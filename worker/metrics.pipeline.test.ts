import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { transaction } from '../server/db/transaction';
import { appendLedgerEntry } from '../server/domains/ledger/service';
import { cents } from '../shared/money';
import { adminToken, payingUser, postMultipart, testApp, testCaller } from '../test/support/http';
import { makeClip, makeSpeechClip, TEST_MODEL } from '../test/support/media';
import { filePart } from '../test/support/multipart';
import { waitForVideo } from '../test/support/videos';
import { startWorker, type WorkerHandle } from './runner';

const TOKEN = 'metrics-test-token-0123456789';
const { app, call, db, pool, services } = await testApp({ METRICS_TOKEN: TOKEN, WHISPER_MODEL: TEST_MODEL });
const off = await testApp();
let worker: WorkerHandle | undefined;
afterAll(() => worker?.stop());

async function scrape() {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of the one sample named `name` carrying these labels (among others); 0 when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  const line = found[0];
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN: 404, as an unknown path', async () => {
    const response = await off.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('subtitling_');
  });

  it('refuses a scraper without the token (401) or with another (403), a session token included', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toContain('Bearer');
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(403);
    const admin = await adminToken(call);
    const session = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(session.statusCode).toBe(403);
    for (const refused of [anonymous, wrong, session]) expect(refused.body).not.toContain('subtitling_');
  });

  it('shows the process: memory, event-loop delay, requests by route pattern', async () => {
    const user = await payingUser(call, 'metrics-routes');
    await call('GET', '/api/companies/987654', { token: user.token });
    const text = await scrape();
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(
      sample(text, 'subtitling_http_request_duration_seconds_count', {
        route: '/api/companies/:id',
        method: 'GET',
      }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain('987654');
  });

  it('follows a real pipeline run: uploads, queue, workers, jobs, minutes, money and failures move', async () => {
    const user = await payingUser(call, 'metrics-pipeline', 10);
    const before = await scrape();
    await transaction(db, (trx) =>
      appendLedgerEntry(trx, {
        companyId: user.companyId ?? 0,
        kind: 'purchase',
        amountCents: cents(500),
        reference: 'cs_metrics',
      }),
    );

    const hardcode = await postMultipart(app, '/api/upload-log/hc', user.token, [
      await filePart('fileVideo', await makeClip('metrics-3s.mp4', { seconds: 3 }), 'clip.mp4', 'video/mp4'),
      {
        name: 'fileSub',
        filename: 'clip.srt',
        content: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHello\n'),
      },
    ]);
    expect(hardcode.status, JSON.stringify(hardcode.body)).toBe(200);
    // The test model hears nothing: this video fails at transcription and is refunded.
    const generate = await postMultipart(app, '/api/upload-log', user.token, [
      { name: 'rso', value: 'full-text' },
      { name: 'in_lan', value: 'en' },
      { name: 'out_lan', value: 'en' },
      await filePart('file', await makeSpeechClip('jfk-11s.mp4'), 'speech.mp4', 'video/mp4'),
    ]);
    expect(generate.status, JSON.stringify(generate.body)).toBe(200);

    const queued = await scrape();
    expect(sample(queued, 'subtitling_uploads_total', { mode: 'hardcode' })).toBe(
      sample(before, 'subtitling_uploads_total', { mode: 'hardcode' }) + 1,
    );
    expect(sample(queued, 'subtitling_upload_bytes_total', { mode: 'generate' })).toBeGreaterThan(
      sample(before, 'subtitling_upload_bytes_total', { mode: 'generate' }) + 10_000,
    );
    expect(sample(queued, 'subtitling_queue_jobs', { task: 'burn_in_video', state: 'waiting' })).toBe(1);
    expect(sample(queued, 'subtitling_queue_jobs', { task: 'extract_audio', state: 'waiting' })).toBe(1);
    expect(sample(queued, 'subtitling_queue_oldest_waiting_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(queued, 'subtitling_workers_alive')).toBe(0);
    expect(sample(queued, 'subtitling_credits_euros_total', { kind: 'sold' })).toBe(
      sample(before, 'subtitling_credits_euros_total', { kind: 'sold' }) + 5,
    );
    const charged = sample(queued, 'subtitling_credits_euros_total', { kind: 'charged' });
    expect(charged).toBeGreaterThan(sample(before, 'subtitling_credits_euros_total', { kind: 'charged' }));

    worker = await startWorker(pool, services, 1);
    const running = await scrape();
    expect(sample(running, 'subtitling_workers_alive')).toBe(1);
    await waitForVideo(db, hardcode.body.data.id, (video) => video.hardcoded_status === 'completed', 150_000);
    await waitForVideo(db, generate.body.data.id, (video) => video.srt_status === 'failed', 150_000);

    const after = await scrape();
    const runs = (text: string, task: string, outcome: string) =>
      sample(text, 'subtitling_job_duration_seconds_count', { task, outcome });
    expect(runs(after, 'burn_in_video', 'completed')).toBe(runs(before, 'burn_in_video', 'completed') + 1);
    expect(runs(after, 'extract_audio', 'completed')).toBe(runs(before, 'extract_audio', 'completed') + 1);
    expect(runs(after, 'transcribe_video', 'failed')).toBe(runs(before, 'transcribe_video', 'failed') + 1);
    expect(
      sample(after, 'subtitling_job_duration_seconds_bucket', {
        task: 'burn_in_video',
        outcome: 'completed',
        le: '+Inf',
      }),
    ).toBe(runs(after, 'burn_in_video', 'completed'));
    expect(
      sample(after, 'subtitling_job_duration_seconds_sum', { task: 'burn_in_video', outcome: 'completed' }),
    ).toBeGreaterThan(0);
    expect(sample(after, 'subtitling_queue_jobs', { task: 'burn_in_video', state: 'waiting' })).toBe(0);
    expect(
      sample(after, 'subtitling_minutes_processed_total', { mode: 'hardcode', language: 'unknown' }),
    ).toBe(
      sample(before, 'subtitling_minutes_processed_total', { mode: 'hardcode', language: 'unknown' }) +
        3 / 60,
    );
    expect(sample(after, 'subtitling_credits_euros_total', { kind: 'refunded' })).toBeGreaterThan(
      sample(before, 'subtitling_credits_euros_total', { kind: 'refunded' }),
    );
    expect(after).toMatch(/subtitling_video_failures_total\{step="subtitles",reason="[^"]+"\} 1\n/);
    expect(after).not.toMatch(/was refunded/);

    // The admin dashboard reads the same runs, counted per day by the worker.
    const board = await testCaller(app, await adminToken(call)).query('dashboard.overview', { days: 7 });
    const step = (task: string) =>
      (board.data.failureRateByStep as { task: string }[]).find((entry) => entry.task === task);
    expect(step('transcribe_video')).toMatchObject({ runs: 1, failed: 1, rate: 1 });
    // The Burn-in step ends with its plan, each of its segments and its join.
    const segments = await db
      .selectFrom('burn_in_segments')
      .innerJoin('burn_ins', 'burn_ins.id', 'burn_in_segments.burn_in_id')
      .select('burn_in_segments.index')
      .where('burn_ins.video_id', '=', hardcode.body.data.id)
      .execute();
    expect(segments.length).toBeGreaterThan(0);
    expect(step('burn_in_video')).toMatchObject({ runs: segments.length + 2, failed: 0, rate: 0 });

    // Every series the provisioned Grafana dashboard draws is one this scrape has.
    const dashboard = await readFile('deploy/monitoring/grafana/dashboards/subtitling.json', 'utf8');
    const queried = new Set(dashboard.match(/\b(subtitling|process|nodejs)_[a-z0-9_]+/g));
    expect(queried.size).toBeGreaterThan(8);
    for (const series of queried) expect(after, series).toMatch(new RegExp(`^${series}[{ ]`, 'm'));
  }, 240_000);
});

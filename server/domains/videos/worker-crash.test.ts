import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { recordFigure } from '../../../test/support/figures';
import { adminToken, signedUpUser, testApp } from '../../../test/support/http';
import { makeClip } from '../../../test/support/media';
import { filePart, multipartBody } from '../../../test/support/multipart';
import { startWorker, type WorkerHandle } from '../../../worker/runner';

const { app, call, db, pool, databaseUrl, services } = await testApp();
let replacement: WorkerHandle | undefined;
afterAll(() => replacement?.stop());

async function videoState(videoId: number) {
  return db
    .selectFrom('videos')
    .select(['hardcoded_status', 'hardcoded_progress'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
}

async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a worker killed during burn-in', () => {
  it('loses nothing: after restart the video completes, charged once', async () => {
    const user = await signedUpUser(call, 'crash');
    await call('PUT', `/api/companies/${user.companyId}`, {
      token: await adminToken(call),
      body: { data: { credits: 5 } },
    });
    const clip = await makeClip('crash-40s-720p.mp4', { seconds: 40, width: 1280, height: 720 });
    const { body, contentType } = multipartBody([
      await filePart('fileVideo', clip, 'long.mp4', 'video/mp4'),
      {
        name: 'fileSub',
        filename: 'long.srt',
        content: Buffer.from('1\n00:00:01,000 --> 00:00:30,000\nA long cue\n'),
      },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/upload-log/hc',
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
    });
    const videoId: number = uploaded.json().data.id;

    // A standalone worker process (and its ffmpeg) in its own process group, killed like a lost machine.
    const worker = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: services.config.dataDir,
        WORKER_CONCURRENCY: '1',
        LOG_LEVEL: 'warn',
      },
    });
    await until(
      async () => ((await videoState(videoId)).hardcoded_progress > 0 ? true : undefined),
      60_000,
      'burn-in to start',
    );
    process.kill(-(worker.pid ?? 0), 'SIGKILL');
    expect((await videoState(videoId)).hardcoded_status).toBe('polling');

    // Time passes: the dead worker's heartbeat goes stale, and a new worker takes the job back.
    await db
      .updateTable('worker_heartbeats')
      .set({ seen_at: new Date(Date.now() - 3600_000) })
      .execute();
    replacement = await startWorker(pool, services, 1);
    await until(
      async () => ((await videoState(videoId)).hardcoded_status === 'completed' ? true : undefined),
      90_000,
      'completion',
    );

    const charges = await db
      .selectFrom('credit_ledger')
      .select('amount_cents')
      .where('video_id', '=', videoId)
      .execute();
    expect(charges.map((charge) => Number(charge.amount_cents))).toEqual([-10]);
    expect(
      (await call('GET', '/api/company/my', { token: user.token })).body.data[0].attributes.credits,
    ).toBe(4.9);
    recordFigure('faults survived', 1, 'worker killed during burn-in');
  }, 180_000);
});

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAILURE_TEXTS } from '../shared/schemas/videos';
import { recordFigure } from '../test/support/figures';
import { payingUser, testApp, uploadVideo } from '../test/support/http';
import { runQueuedJobs } from '../test/support/jobs';
import { videoLedger } from '../test/support/ledger';
import { makeClip } from '../test/support/media';
import { filePart } from '../test/support/multipart';
import { until } from '../test/support/waiting';
import { startWorker } from './runner';

/**
 * Hole 5 of the security review (its process part): an ffmpeg that never finishes. Each run has a
 * time limit, after which it is killed with everything it started and its video fails for good,
 * refunded once; a worker's runs die with it, and those of a worker killed with -9 are killed by the
 * next worker to start.
 */
const STUCK_FFMPEG = path.resolve('test/fakes/stuck-ffmpeg.sh');
const logDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-stuck-'));
const { app, call, db, pool, databaseUrl, services } = await testApp();
const realMedia = services.media;
const doomed: number[] = [];
afterAll(() => {
  for (const pid of doomed)
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
});

/** Alive, and not a zombie waiting for a parent that is gone. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The stand-in's pids (itself and its child) of every start logged in `log`. */
async function stuckPids(log: string): Promise<number[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text.split(/\s+/).filter(Boolean).map(Number);
}

async function uploadForBurnIn(name: string) {
  const user = await payingUser(call, name);
  const clip = await makeClip('stuck-2s.mp4', { seconds: 2 });
  const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
    await filePart('fileVideo', clip, 'stuck.mp4', 'video/mp4'),
    { name: 'fileSub', filename: 'stuck.srt', content: '1\n00:00:00,000 --> 00:00:01,000\nStuck\n' },
  ]);
  return { user, videoId };
}

/** A standalone worker process running the stand-in as its ffmpeg. */
function startWorkerProcess(log: string) {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: services.config.dataDir,
      WORKER_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
      FFMPEG_PATH: STUCK_FFMPEG,
      STUCK_FFMPEG_LOG: log,
    },
  });
  doomed.push(worker.pid ?? 0);
  return worker;
}

async function stuckRunStarted(log: string): Promise<number[]> {
  return until(
    async () => {
      const pids = await stuckPids(log);
      return pids.length >= 2 ? pids : undefined;
    },
    60_000,
    'the stand-in ffmpeg to start',
  );
}

describe('an ffmpeg run that never finishes', () => {
  it('is killed at its time limit with what it started; the video fails for good, refunded once', async () => {
    const log = path.join(logDir, 'limit.log');
    process.env.STUCK_FFMPEG_LOG = log;
    services.media = {
      ...realMedia,
      ffmpeg: STUCK_FFMPEG,
      timeLimit: { floorSeconds: 1, perMediaSecond: 0 },
    };
    try {
      const { videoId } = await uploadForBurnIn('stuck-limit');
      await runQueuedJobs(pool, services);
      const video = await db
        .selectFrom('videos')
        .select(['hardcoded_status', 'failure_reason', 'failure_cause', 'price_cents'])
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
      expect(video.hardcoded_status).toBe('failed');
      expect(video.failure_reason).toContain(FAILURE_TEXTS.tooSlow);
      expect(video.failure_reason).toContain('was refunded');
      expect(video.failure_cause).toMatch(/time limit of 1 s/);
      expect(await videoLedger(db, videoId)).toEqual([
        ['charge', -video.price_cents],
        ['refund', video.price_cents],
      ]);
      // Tried once: a run stopped at its limit is not retried.
      const pids = await stuckPids(log);
      expect(pids).toHaveLength(2);
      for (const pid of pids) expect(isRunning(pid), `process ${pid}`).toBe(false);
      const jobs = await db
        .selectFrom('graphile_worker.jobs' as never)
        .select('id' as never)
        .execute();
      expect(jobs).toEqual([]);
    } finally {
      services.media = realMedia;
    }
    recordFigure('faults survived', 1, 'an ffmpeg run that never finishes, stopped at its time limit');
  }, 60_000);

  it('dies with its worker when the worker is stopped (SIGTERM)', async () => {
    const log = path.join(logDir, 'sigterm.log');
    await uploadForBurnIn('stuck-sigterm');
    const worker = startWorkerProcess(log);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const pids = await stuckRunStarted(log);
    process.kill(worker.pid ?? 0, 'SIGTERM');
    await exited;
    for (const pid of pids) expect(isRunning(pid), `process ${pid}`).toBe(false);
    recordFigure('faults survived', 1, 'a worker stopped with SIGTERM during a stuck ffmpeg run');
  }, 90_000);

  it('left running by a worker killed with -9 is killed by the next worker to start', async () => {
    const log = path.join(logDir, 'sigkill.log');
    await uploadForBurnIn('stuck-sigkill');
    const worker = startWorkerProcess(log);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const pids = await stuckRunStarted(log);
    process.kill(worker.pid ?? 0, 'SIGKILL');
    await exited;
    // Nothing runs in a process killed with -9: its ffmpeg is still going.
    for (const pid of pids) expect(isRunning(pid), `process ${pid}`).toBe(true);
    const next = await startWorker(pool, services, 1);
    try {
      for (const pid of pids) expect(isRunning(pid), `process ${pid}`).toBe(false);
    } finally {
      await next.stop();
    }
    recordFigure('faults survived', 1, 'a worker killed with -9 leaving its ffmpeg running');
  }, 90_000);
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_SPEECH } from '../../server/domains/generation/generate';
import { jobs } from '../../server/jobs/catalog';
import { openFreshDatabase } from '../support/database';
import { recordFigure } from '../support/figures';
import { ADMIN, payingUser } from '../support/http';
import { makeSpeechClip, TEST_MODEL } from '../support/media';
import { filePart } from '../support/multipart';
import {
  httpCaller,
  postMultipartOverHttp,
  type RunningProduct,
  startProduct,
} from '../support/running-product';
import { sleep, until } from '../support/waiting';

/**
 * Local Whisper with several transcriptions at once, in the product as `npm start` runs it (its worker
 * inline): they all finish while the server keeps answering, and a server killed mid-transcription
 * takes its Whisper processes with it and finishes the videos after a restart. The test model hears
 * nothing, so a finished transcription ends the video with the no-speech message (and a refund).
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A health question must be answered within this long, all the time. */
const HEALTH_DEADLINE_MS = 1_000;

/**
 * Asks /api/health every 200 ms until stopped. A question unanswered within the deadline is a
 * failure at once: the test stops waiting for videos of a server that no longer answers.
 */
function probeHealth(url: string) {
  let stopped = false;
  let slowest = 0;
  let failure: string | null = null;
  const probing = (async () => {
    while (!stopped && failure === null) {
      const started = Date.now();
      try {
        const response = await fetch(`${url}/api/health`, {
          signal: AbortSignal.timeout(HEALTH_DEADLINE_MS),
        });
        await response.text();
        if (response.status !== 200) failure = `/api/health answered ${response.status}`;
      } catch (error) {
        failure = `/api/health did not answer within ${HEALTH_DEADLINE_MS} ms (${String(error)})`;
      }
      slowest = Math.max(slowest, Date.now() - started);
      await sleep(200);
    }
  })();
  return {
    /**
     * Polls `check` as `until` does, but fails as soon as the server stops answering in time: a
     * frozen server would otherwise be waited on until the timeout.
     */
    async until<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        if (failure) throw new Error(`${failure}, waiting for ${what}`);
        const value = await check().catch(() => undefined);
        if (value !== undefined) return value;
        await sleep(100);
      }
      throw new Error(`timed out waiting for ${what}`);
    },
    async stop() {
      stopped = true;
      await probing;
      return { slowest, failure };
    },
  };
}

/** The Whisper processes the server started (none while it runs whisper.cpp inside itself). */
async function whisperProcesses(serverPid: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)('ps', ['-o', 'pid=,args=', '--ppid', String(serverPid)]).catch(
    () => ({ stdout: '' }),
  );
  return stdout
    .split('\n')
    .filter((line) => line.includes('whisper-child'))
    .map((line) => Number.parseInt(line.trim(), 10));
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function installation() {
  const { handle, drop } = await openFreshDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-whisper-'));
  cleanups.push(async () => {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const running: RunningProduct[] = [];
  cleanups.push(async () => {
    for (const product of running) await product.kill();
  });
  const start = async (concurrency: number) => {
    const product = await startProduct({
      DATABASE_URL: handle.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WHISPER_MODEL: TEST_MODEL,
      WORKER_CONCURRENCY: String(concurrency),
    });
    running.push(product);
    return product;
  };
  return { db: handle.db, start };
}

async function uploadSpeech(url: string, token: string, count: number): Promise<number[]> {
  const clip = await makeSpeechClip('jfk-11s.mp4');
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const { status, body } = await postMultipartOverHttp(url, '/api/upload-log', token, [
      { name: 'title', value: `Speech ${index}` },
      { name: 'rso', value: 'full-text' },
      { name: 'in_lan', value: 'en' },
      { name: 'out_lan', value: 'en' },
      await filePart('file', clip, `speech-${index}.mp4`, 'video/mp4'),
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    ids.push(body.data.id);
  }
  return ids;
}

type Db = Awaited<ReturnType<typeof installation>>['db'];

/** Waits until every video's transcription ended, checking the server answered throughout. */
async function transcribed(db: Db, videoIds: number[], health: ReturnType<typeof probeHealth>) {
  return health.until(
    async () => {
      const videos = await db
        .selectFrom('videos')
        .select(['id', 'srt_status', 'failure_reason'])
        .where('id', 'in', videoIds)
        .execute();
      return videos.length === videoIds.length && videos.every((video) => video.srt_status !== 'polling')
        ? videos
        : undefined;
    },
    480_000,
    'the transcriptions',
  );
}

/** The transcription attempts, and whether they all ran at the same time at some moment. */
async function transcriptionRuns(db: Db, videoIds: number[]) {
  const runs = await db
    .selectFrom('job_runs')
    .select(['video_id', 'outcome', 'error', 'started_at', 'finished_at'])
    .where('task', '=', jobs.transcribeVideo.name)
    .where('video_id', 'in', videoIds)
    .execute();
  const latestStart = Math.max(...runs.map((run) => run.started_at.getTime()));
  const earliestEnd = Math.min(...runs.map((run) => run.finished_at.getTime()));
  return { runs, overlapped: latestStart < earliestEnd };
}

async function transcribeAtOnce(concurrency: number) {
  const { db, start } = await installation();
  const product = await start(concurrency);
  const health = probeHealth(product.url);
  try {
    const user = await payingUser(httpCaller(product.url), `whisper${concurrency}`);
    const videoIds = await uploadSpeech(product.url, user.token, concurrency);
    const videos = await transcribed(db, videoIds, health);
    expect(videos.map((video) => video.failure_reason)).toEqual(
      videoIds.map(() => `${NO_SPEECH} Your €0.10 was refunded.`),
    );
    const { runs, overlapped } = await transcriptionRuns(db, videoIds);
    // One attempt each, all at once: none failed and was tried again.
    // Runs record the technical cause (Admin › Failed videos), not the customer's sentence.
    expect(runs.map((run) => [run.outcome, run.error])).toEqual(
      videoIds.map(() => ['failed', expect.stringContaining('the speech engine returned no words')]),
    );
    expect(overlapped).toBe(true);
  } finally {
    const { slowest, failure } = await health.stop();
    expect(failure).toBeNull();
    expect(slowest).toBeLessThan(HEALTH_DEADLINE_MS);
  }
  // One Whisper process per transcription that ran at once, now idle; Ctrl-C ends them with the server.
  const children = await whisperProcesses(product.pid);
  expect(children).toHaveLength(concurrency);
  await product.stop();
  await until(
    async () => (children.some(isAlive) ? undefined : true),
    10_000,
    'the Whisper processes to end',
  );
}

describe('local Whisper, several transcriptions at once', () => {
  it('two at once (WORKER_CONCURRENCY=2) finish while /api/health answers within 1 s', async () => {
    await transcribeAtOnce(2);
  }, 600_000);

  it('four at once (WORKER_CONCURRENCY=4) finish while /api/health answers within 1 s', async () => {
    await transcribeAtOnce(4);
  }, 600_000);

  it('a server killed mid-transcription takes its Whisper processes with it and finishes the videos after a restart', async () => {
    const { db, start } = await installation();
    const first = await start(2);
    const health = probeHealth(first.url);
    const user = await payingUser(httpCaller(first.url), 'whisperkill');
    const videoIds = await uploadSpeech(first.url, user.token, 2);
    // Both transcriptions are running: each in its Whisper process.
    const children = await health.until(
      async () => {
        const pids = await whisperProcesses(first.pid);
        return pids.length === 2 ? pids : undefined;
      },
      120_000,
      'two Whisper processes at work',
    );
    expect((await health.stop()).failure).toBeNull();
    const running = await sql<{ n: string }>`
      select count(*) as n from graphile_worker.jobs
      where task_identifier = ${jobs.transcribeVideo.name} and locked_at is not null`.execute(db);
    expect(Number(running.rows[0]?.n)).toBe(2);

    await first.kill();
    await until(
      async () => (children.some(isAlive) ? undefined : true),
      10_000,
      'the orphaned Whisper processes to end',
    );
    // Time passes: the killed server's heartbeat is stale, so the restarted one takes its jobs back.
    await db
      .updateTable('worker_heartbeats')
      .set({ seen_at: new Date(Date.now() - 3600_000) })
      .execute();

    const second = await start(2);
    const healthAfter = probeHealth(second.url);
    try {
      const videos = await transcribed(db, videoIds, healthAfter);
      expect(videos.map((video) => video.failure_reason)).toEqual(
        videoIds.map(() => `${NO_SPEECH} Your €0.10 was refunded.`),
      );
      // The killed attempts recorded nothing; the restarted server ran both at once, to their end.
      const { runs, overlapped } = await transcriptionRuns(db, videoIds);
      // Runs record the technical cause (Admin › Failed videos), not the customer's sentence.
      expect(runs.map((run) => [run.outcome, run.error])).toEqual(
        videoIds.map(() => ['failed', expect.stringContaining('the speech engine returned no words')]),
      );
      expect(overlapped).toBe(true);
    } finally {
      expect((await healthAfter.stop()).failure).toBeNull();
    }
    await second.stop();
    recordFigure('faults survived', 1, 'server killed during two local Whisper transcriptions');
  }, 600_000);
});

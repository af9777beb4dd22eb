import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeDeepgram } from '../test/fakes/deepgram';
import { recordFigure } from '../test/support/figures';
import { payingUser, testApp, uploadVideo } from '../test/support/http';
import { makeClip, makeSpeechClip } from '../test/support/media';
import { filePart } from '../test/support/multipart';
import { until } from '../test/support/waiting';
import { startWorker, type WorkerHandle } from './runner';

const deepgram = await startFakeDeepgram();
const engineEnv = { DEEPGRAM_API_KEY: 'deepgram-test-key', DEEPGRAM_API_BASE: deepgram.url };
const { app, call, db, pool, databaseUrl, services } = await testApp(engineEnv);
const replacements: WorkerHandle[] = [];
afterAll(async () => {
  await Promise.all(replacements.map((worker) => worker.stop()));
  await deepgram.close();
});

async function videoState(videoId: number) {
  return db
    .selectFrom('videos')
    .select(['srt_status', 'hardcoded_status', 'hardcoded_progress'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
}

/** A standalone worker process (and its ffmpeg) in its own process group, to be killed like a lost machine. */
function startDoomedWorker() {
  return spawn(process.execPath, ['--import', 'tsx', 'worker/main.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...engineEnv,
      DATABASE_URL: databaseUrl,
      DATA_DIR: services.config.dataDir,
      WORKER_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
    },
  });
}

/** Time passes: the dead worker's heartbeat goes stale, and a new worker takes its job back. */
async function replaceDeadWorker() {
  await db
    .updateTable('worker_heartbeats')
    .set({ seen_at: new Date(Date.now() - 3600_000) })
    .execute();
  const replacement = await startWorker(pool, services, 1);
  replacements.push(replacement);
  return replacement;
}

async function expectChargedOnce(videoId: number, token: string) {
  const charges = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('video_id', '=', videoId)
    .execute();
  expect(charges.map((entry) => [entry.kind, Number(entry.amount_cents)])).toEqual([['charge', -10]]);
  expect((await call('GET', '/api/company/my', { token })).body.data[0].attributes.credits).toBe(4.9);
}

describe('a worker killed mid-job', () => {
  it('during burn-in loses nothing: after restart the video completes, charged once', async () => {
    const user = await payingUser(call, 'crash');
    const clip = await makeClip('crash-40s-720p.mp4', { seconds: 40, width: 1280, height: 720 });
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
      await filePart('fileVideo', clip, 'long.mp4', 'video/mp4'),
      {
        name: 'fileSub',
        filename: 'long.srt',
        content: Buffer.from('1\n00:00:01,000 --> 00:00:30,000\nA long cue\n'),
      },
    ]);

    const worker = startDoomedWorker();
    await until(
      async () => ((await videoState(videoId)).hardcoded_progress > 0 ? true : undefined),
      60_000,
      'burn-in to start',
    );
    process.kill(-(worker.pid ?? 0), 'SIGKILL');
    expect((await videoState(videoId)).hardcoded_status).toBe('polling');

    const replacement = await replaceDeadWorker();
    try {
      await until(
        async () => ((await videoState(videoId)).hardcoded_status === 'completed' ? true : undefined),
        90_000,
        'completion',
      );
      await expectChargedOnce(videoId, user.token);
    } finally {
      await replacement.stop();
    }
    recordFigure('faults survived', 1, 'worker killed during burn-in');
  }, 180_000);

  it('during transcription loses nothing: after restart the video is transcribed and burned, charged once', async () => {
    const user = await payingUser(call, 'crash-asr');
    const clip = await makeSpeechClip('crash-speech.mp4');
    const transcription = deepgram.hold();
    const videoId = await uploadVideo(app, '/api/upload-log', user.token, [
      { name: 'title', value: 'Speech' },
      { name: 'rso', value: 'full-text' },
      { name: 'in_lan', value: 'en' },
      { name: 'out_lan', value: 'en' },
      await filePart('file', clip, 'speech.mp4', 'video/mp4'),
    ]);

    const worker = startDoomedWorker();
    // The doomed worker's request is at the speech engine: the transcription is in flight.
    await transcription.arrived;
    process.kill(-(worker.pid ?? 0), 'SIGKILL');
    transcription.release();
    expect((await videoState(videoId)).srt_status).toBe('polling');

    const replacement = await replaceDeadWorker();
    try {
      await until(
        async () => ((await videoState(videoId)).hardcoded_status === 'completed' ? true : undefined),
        90_000,
        'completion',
      );
      expect((await videoState(videoId)).srt_status).toBe('completed');
      const subtitles = await db
        .selectFrom('subtitle_versions')
        .select('srt_content')
        .where('video_id', '=', videoId)
        .execute();
      expect(subtitles.map((version) => version.srt_content).join('\n')).toContain('fellow Americans');
      await expectChargedOnce(videoId, user.token);
    } finally {
      await replacement.stop();
    }
    recordFigure('faults survived', 1, 'worker killed during transcription');
  }, 180_000);
});

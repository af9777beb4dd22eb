import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { segmentsFolder } from '../server/domains/burn-in/burned-segments';
import { removeTemporaryFilesOfStoppedProcesses } from '../server/runtime';
import { temporaryRoot } from '../server/temporary-folders';
import { startFakeDeepgram } from '../test/fakes/deepgram';
import { recordFigure } from '../test/support/figures';
import { payingUser, testApp, uploadVideo } from '../test/support/http';
import { makeClip, makeSpeechClip, probeJson } from '../test/support/media';
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
  const { price_cents } = await db
    .selectFrom('videos')
    .select('price_cents')
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  const charges = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('video_id', '=', videoId)
    .execute();
  expect(charges.map((entry) => [entry.kind, Number(entry.amount_cents)])).toEqual([
    ['charge', -price_cents],
  ]);
  expect((await call('GET', '/api/company/my', { token })).body.data[0].attributes.credits).toBe(
    (500 - price_cents) / 100,
  );
}

/**
 * The temporary folder of the process writing a segment with ffmpeg (shared root: same DATA_DIR,
 * each process in a folder of its own).
 */
async function segmentBeingWritten(): Promise<string | undefined> {
  const root = temporaryRoot(services.config.dataDir);
  for (const owner of await readdir(root)) {
    for (const folder of await readdir(path.join(root, owner)).catch(() => [])) {
      if (!folder.startsWith('segment-')) continue;
      const work = path.join(root, owner, folder);
      for (const file of await readdir(work).catch(() => []))
        if (file.endsWith('.ts') && (await stat(path.join(work, file))).size > 0) return owner;
    }
  }
  return undefined;
}

describe('a worker killed mid-job', () => {
  it('during a segment of the burn-in loses nothing: a retry finishes it, whole, charged once', async () => {
    const user = await payingUser(call, 'crash');
    // Two segments of the burn-in plan (45 s and 25 s).
    const clip = await makeClip('crash-70s-720p.mp4', { seconds: 70, width: 1280, height: 720 });
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
      await filePart('fileVideo', clip, 'long.mp4', 'video/mp4'),
      {
        name: 'fileSub',
        filename: 'long.srt',
        content: Buffer.from(
          '1\n00:00:01,000 --> 00:00:30,000\nA long cue\n\n2\n00:00:50,000 --> 00:00:55,000\nLater\n',
        ),
      },
    ]);

    const worker = startDoomedWorker();
    const doomedFolder = await until(segmentBeingWritten, 60_000, 'a segment being burned');
    process.kill(-(worker.pid ?? 0), 'SIGKILL');
    // What the killed worker was writing goes when a process starts (as it sweeps), once the worker is gone.
    const root = temporaryRoot(services.config.dataDir);
    await until(
      async () => {
        await removeTemporaryFilesOfStoppedProcesses(root, services.tmpDir, services.logger);
        return (await readdir(root)).includes(doomedFolder) ? undefined : true;
      },
      10_000,
      "the killed worker's temporary folder removed",
    );
    expect(await readdir(root)).toContain(path.basename(services.tmpDir));
    expect((await videoState(videoId)).hardcoded_status).toBe('polling');
    const video = await db
      .selectFrom('videos')
      .select('source_key')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    const folder = segmentsFolder(video.source_key ?? '');
    // The killed segment was never stored: a segment file is stored whole or not at all.
    expect(await services.storage.list(folder)).toEqual([]);

    const replacement = await replaceDeadWorker();
    try {
      await until(
        async () => ((await videoState(videoId)).hardcoded_status === 'completed' ? true : undefined),
        120_000,
        'completion',
      );
      await expectChargedOnce(videoId, user.token);
      const done = await db
        .selectFrom('videos')
        .select('hardcoded_key')
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
      const stored = await services.storage.list(path.posix.dirname(video.source_key ?? ''));
      expect(stored.filter((key) => key.includes('/hardcoded'))).toEqual([done.hardcoded_key]);
      expect((await services.storage.list(folder)).length).toBe(2);
      const probe = await services.storage.withLocalFile(done.hardcoded_key ?? '', (file) => probeJson(file));
      expect(Math.abs(Number(probe.format.duration) - 70)).toBeLessThanOrEqual(0.2);
      expect(probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    } finally {
      await replacement.stop();
    }
    recordFigure('faults survived', 1, 'worker killed during a burn-in segment');
  }, 240_000);

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

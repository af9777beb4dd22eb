import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { resumableUploadsDirectory } from '../server/domains/uploads/resumable-store';
import { jobs } from '../server/jobs/catalog';
import { enqueue } from '../server/jobs/queue';
import { createServices } from '../server/runtime';
import { OWNER_FILE, processStart, temporaryRoot } from '../server/temporary-folders';
import { RESUMABLE_SRT_PATH, RESUMABLE_UPLOAD_PATH } from '../shared/schemas/resumable-upload';
import { startS3MultipartProxy } from '../test/fakes/s3-multipart-proxy';
import { payingUser, postMultipart, testApp } from '../test/support/http';
import { runQueuedJobs } from '../test/support/jobs';
import { makeClip } from '../test/support/media';
import { type StorageMode, startS3Server } from '../test/support/s3-server';
import { tusSession } from '../test/support/tus-client';

const SRT = '1\n00:00:00,000 --> 00:00:02,000\nWaiting for its video\n';

describe.each<StorageMode>(['disk', 's3'])('abandoned resumable uploads (%s storage)', async (storage) => {
  // s3rver behind the fake that answers the multipart calls it lacks, and ages its uploads.
  const s3 = storage === 's3' ? await startS3Server() : null;
  const proxy = s3 ? await startS3MultipartProxy(s3.env.S3_ENDPOINT ?? '') : null;
  const { app, call, db, pool, services } = await testApp(
    s3 && proxy ? { ...s3.env, S3_ENDPOINT: proxy.url } : {},
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${RESUMABLE_UPLOAD_PATH}`;

  /** Moves an upload's start back, where tus's expiration reads it: the info file, or S3's Initiated. */
  async function ageUpload(url: string, hours: number) {
    const id = url.slice(url.lastIndexOf('/') + 1);
    if (proxy) return proxy.age(`resumable-uploads/${id}`, hours * 3_600_000);
    const info = path.join(resumableUploadsDirectory(services.config), `${id}.json`);
    const upload = JSON.parse(await readFile(info, 'utf8'));
    upload.creation_date = new Date(Date.now() - hours * 3_600_000).toISOString();
    await writeFile(info, JSON.stringify(upload));
  }

  it('are removed by the cron task after a day, with their waiting SRTs; recent ones are kept', async () => {
    const user = await payingUser(call, `abandoned-${storage}`);
    const clip = await readFile(await makeClip('abandoned-4s.mp4', { seconds: 4 }));
    const half = Math.ceil(clip.length / 2);
    const srtIds: string[] = [];
    for (let index = 0; index < 2; index++) {
      const sent = await postMultipart(app, RESUMABLE_SRT_PATH, user.token, [
        { name: 'fileSub', filename: 'subs.srt', content: Buffer.from(SRT) },
      ]);
      srtIds.push(sent.body.data.id);
    }
    const start = (srt: string) =>
      tusSession(clip, {
        endpoint,
        token: user.token,
        metadata: { mode: 'hardcode', filename: 'clip.mp4', srt },
        chunkSize: half,
        stopAtShare: 0.5,
      });
    const abandoned = await start(srtIds[0] ?? '');
    const recent = await start(srtIds[1] ?? '');
    await ageUpload(abandoned.url ?? '', 25);
    await sql`update pending_upload_subtitles set created_at = now() - interval '25 hours' where id = ${srtIds[0]}`.execute(
      db,
    );

    await enqueue(db, jobs.removeAbandonedUploads, {});
    await runQueuedJobs(pool, services);

    const offset = async (url: string) => {
      const answer = await fetch(url, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0' },
      });
      return answer.status === 200 ? answer.headers.get('upload-offset') : answer.status;
    };
    expect(await offset(abandoned.url ?? '')).toBe(404);
    expect(await offset(recent.url ?? '')).toBe(String(half));
    const srts = await db.selectFrom('pending_upload_subtitles').select('id').execute();
    expect(srts.map((row) => row.id)).toEqual([srtIds[1]]);
  });
  const pendingSrt = async (token: string) =>
    (
      await postMultipart(app, RESUMABLE_SRT_PATH, token, [
        { name: 'fileSub', filename: 'subs.srt', content: Buffer.from(SRT) },
      ])
    ).body.data.id as string;

  /** A process of this test's own, still running: the owner of a live folder. */
  const sleeper: ChildProcess = spawn('sleep', ['600'], { stdio: 'ignore' });
  afterAll(() => {
    if (sleeper.pid) process.kill(sleeper.pid);
  });

  /** A folder of DATA_DIR/tmp as a process makes it, with a file in a work folder, owned as given. */
  async function processFolder(name: string, owner: { pid: number; start: string | null; host?: string }) {
    const folder = path.join(temporaryRoot(services.config.dataDir), name);
    await mkdir(path.join(folder, 'segment-x'), { recursive: true });
    await writeFile(path.join(folder, 'segment-x', '0.ts'), 'segment bytes');
    await writeFile(path.join(folder, OWNER_FILE), JSON.stringify({ host: os.hostname(), ...owner }));
    return name;
  }
  const daysAgo = async (file: string, days: number) => {
    const when = new Date(Date.now() - days * 86_400_000);
    await utimes(file, when, when);
  };

  it('clear at start and hourly the temporary files no running process owns, keeping those of live ones', async () => {
    const exited = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(exited, 'exit');
    const root = temporaryRoot(services.config.dataDir);
    const livePid = sleeper.pid ?? 0;
    const live = await processFolder('process-live', { pid: livePid, start: processStart(livePid) });
    const crashed = await processFolder('process-crashed', { pid: exited.pid ?? 0, start: null });
    // Its pid now names another process, started later: the folder's own process is gone.
    const reused = await processFolder('process-reused', { pid: livePid, start: '1' });
    const elsewhere = await processFolder('process-elsewhere', {
      pid: 1,
      start: null,
      host: 'another-machine',
    });
    await writeFile(path.join(root, 'loose-recent'), 'an upload streaming in');
    await writeFile(path.join(root, 'loose-old'), 'left by a crash');
    await daysAgo(path.join(root, 'loose-old'), 2);
    await writeFile(path.join(services.tmpDir, 'own-upload'), 'this process is receiving it');

    await enqueue(db, jobs.removeAbandonedUploads, {});
    await runQueuedJobs(pool, services);
    const left = await readdir(root);
    expect(left.sort()).toEqual([elsewhere, live, 'loose-recent', path.basename(services.tmpDir)].sort());
    expect(await readFile(path.join(root, live, 'segment-x', '0.ts'), 'utf8')).toBe('segment bytes');
    expect(await readdir(services.tmpDir)).toContain('own-upload');
    expect(left).not.toContain(crashed);
    expect(left).not.toContain(reused);

    // A day untouched, another machine's folder goes too; and a process starting clears what is left.
    await daysAgo(path.join(root, elsewhere, 'segment-x', '0.ts'), 2);
    await daysAgo(path.join(root, elsewhere, 'segment-x'), 2);
    await daysAgo(path.join(root, elsewhere, OWNER_FILE), 2);
    await daysAgo(path.join(root, elsewhere), 2);
    await processFolder('process-crashed-again', { pid: exited.pid ?? 0, start: null });
    const next = await createServices(
      services.config,
      { db, url: services.databaseUrl },
      services.logger,
      () => true,
    );
    expect((await readdir(root)).sort()).toEqual(
      [live, 'loose-recent', path.basename(services.tmpDir), path.basename(next.tmpDir)].sort(),
    );
  });

  // Only the disk store writes an upload's bytes and its info as two files; a bucket has no halves.
  if (storage === 'disk')
    it('remove half-written uploads (bytes without their info, or the reverse) once past the expiry, never live ones', async () => {
      const directory = resumableUploadsDirectory(services.config);
      const user = await payingUser(call, 'unpaired');
      const clip = await readFile(await makeClip('abandoned-4s.mp4', { seconds: 4 }));
      const outcome = await tusSession(clip, {
        endpoint,
        token: user.token,
        metadata: { mode: 'hardcode', filename: 'live.mp4', srt: await pendingSrt(user.token) },
        chunkSize: Math.ceil(clip.length / 2),
        stopAtShare: 0.5,
      });
      expect(outcome.finished).toBe(false);
      // Live uploads (this one and the earlier test's recent one): bytes and info file each.
      const live = await readdir(directory);
      expect(live.length).toBeGreaterThanOrEqual(2);
      // Its bytes were taken for acceptance when the process stopped: the info file stayed behind.
      await writeFile(path.join(directory, 'c1-00000000000000000000000000000001.json'), '{"id":"x"}');
      await daysAgo(path.join(directory, 'c1-00000000000000000000000000000001.json'), 2);
      // Stopped between the bytes file and its info file.
      await writeFile(path.join(directory, 'c1-00000000000000000000000000000002'), 'bytes');
      await daysAgo(path.join(directory, 'c1-00000000000000000000000000000002'), 2);
      // The same, an hour ago: within the expiry it may still be in the making.
      await writeFile(path.join(directory, 'c1-00000000000000000000000000000003'), 'bytes');

      await enqueue(db, jobs.removeAbandonedUploads, {});
      await runQueuedJobs(pool, services);
      expect((await readdir(directory)).sort()).toEqual(
        ['c1-00000000000000000000000000000003', ...live].sort(),
      );
    });
});

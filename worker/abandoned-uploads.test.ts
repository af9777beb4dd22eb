import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { resumableUploadsDirectory } from '../server/domains/videos/resumable-store';
import { jobs } from '../server/jobs/catalog';
import { enqueue } from '../server/jobs/queue';
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
});

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { resumableUploadsDirectory } from '../server/domains/videos/resumable-store';
import { jobs } from '../server/jobs/catalog';
import { enqueue } from '../server/jobs/queue';
import { RESUMABLE_SRT_PATH, RESUMABLE_UPLOAD_PATH } from '../shared/schemas/resumable-upload';
import { payingUser, postMultipart, testApp } from '../test/support/http';
import { runQueuedJobs } from '../test/support/jobs';
import { makeClip } from '../test/support/media';
import { tusSession } from '../test/support/tus-client';

const { app, call, db, pool, services } = await testApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${RESUMABLE_UPLOAD_PATH}`;
const SRT = '1\n00:00:00,000 --> 00:00:02,000\nWaiting for its video\n';

/** Moves an upload's creation back, as tus's expiration reads it from the upload's info file. */
async function ageUpload(url: string, hours: number) {
  const info = path.join(
    resumableUploadsDirectory(services.config),
    `${url.slice(url.lastIndexOf('/') + 1)}.json`,
  );
  const upload = JSON.parse(await readFile(info, 'utf8'));
  upload.creation_date = new Date(Date.now() - hours * 3_600_000).toISOString();
  await writeFile(info, JSON.stringify(upload));
}

describe('abandoned resumable uploads', () => {
  it('are removed by the cron task after a day, with their waiting SRTs; recent ones are kept', async () => {
    const user = await payingUser(call, 'abandoned');
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

import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RESUMABLE_SRT_PATH, RESUMABLE_UPLOAD_PATH } from '../../../shared/schemas/resumable-upload';
import { UPLOAD_MESSAGES } from '../../../shared/schemas/videos';
import { resumableStorageEnv } from '../../../test/fakes/s3-multipart-proxy';
import { balanceCents } from '../../../test/support/database';
import { payingUser, postMultipart, signedUpUser, testApp } from '../../../test/support/http';
import { makeClip, TEST_MODEL } from '../../../test/support/media';
import type { StorageMode } from '../../../test/support/s3-server';
import { tusSession } from '../../../test/support/tus-client';
import { jobs } from '../../jobs/catalog';
import { resumableUploadsDirectory } from './resumable-store';

const SRT = '1\n00:00:00,000 --> 00:00:02,000\nResumed and burnt in\n';
const GENERATE = {
  mode: 'generate',
  filename: 'hotel.mp4',
  title: 'Hotel',
  rso: 'full-text',
  in_lan: 'en',
  out_lan: 'en',
};

describe.each<StorageMode>(['disk', 's3'])('resumable uploads over tus (%s storage)', async (storage) => {
  const { app, call, db, services } = await testApp({
    ...(await resumableStorageEnv(storage)),
    WHISPER_MODEL: TEST_MODEL,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const endpoint = `${origin}${RESUMABLE_UPLOAD_PATH}`;
  const clip = await readFile(await makeClip('resumable-6s.mp4', { seconds: 6, width: 640, height: 360 }));

  const videosOf = (companyId: number) =>
    db
      .selectFrom('videos')
      .select(['id', 'source_key', 'price_cents', 'filename'])
      .where('company_id', '=', companyId)
      .execute();
  const charges = async (companyId: number) =>
    (
      await db
        .selectFrom('credit_ledger')
        .select('id')
        .where('company_id', '=', companyId)
        .where('kind', '=', 'charge')
        .execute()
    ).length;
  const queued = async (key: string) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from graphile_worker.jobs where key = ${key}`.execute(
          db,
        )
      ).rows[0]?.n,
    );
  const storedUploads = async () =>
    storage === 's3'
      ? (await services.storage.list('resumable-uploads/')).length
      : (await readdir(resumableUploadsDirectory(services.config)).catch(() => [])).length;

  it('resumes an upload cut at half where it stopped, then charges and queues one video once', async () => {
    const user = await payingUser(call, `resume-${storage}`);
    const companyId = user.companyId ?? 0;
    const before = await balanceCents(db, companyId);
    const half = Math.ceil(clip.length / 2);

    const first = await tusSession(clip, {
      endpoint,
      token: user.token,
      metadata: GENERATE,
      chunkSize: half,
      stopAtShare: 0.5,
    });
    expect(first, first.body).toMatchObject({ finished: false, bytesSent: half });
    expect(first.url).toMatch(new RegExp(`${RESUMABLE_UPLOAD_PATH}/c${companyId}-[0-9a-f]{32}$`));
    // The first half waits in the store (the bucket's multipart upload with STORAGE=s3).
    expect(await storedUploads()).toBeGreaterThan(0);
    // Nothing is charged or created for bytes still on their way.
    expect(await videosOf(companyId)).toEqual([]);
    const head = await fetch(first.url ?? '', {
      method: 'HEAD',
      headers: { authorization: `Bearer ${user.token}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.headers.get('upload-offset')).toBe(String(half));

    const second = await tusSession(clip, {
      endpoint,
      token: user.token,
      metadata: GENERATE,
      uploadUrl: first.url ?? '',
    });
    expect(second.status, second.body).toBe(200);
    expect(second.bytesSent).toBe(clip.length - half);

    const videos = await videosOf(companyId);
    expect(videos).toHaveLength(1);
    const [video] = videos;
    expect(JSON.parse(second.body).data.id).toBe(video?.id);
    expect(video?.filename).toBe('hotel.mp4');
    expect(await charges(companyId)).toBe(1);
    expect(await balanceCents(db, companyId)).toBe(before - (video?.price_cents ?? 0));
    expect(await queued(jobs.extractAudio.key({ videoId: video?.id ?? 0 }))).toBe(1);
    // The whole file, byte for byte, is where every upload goes (a rename on disk, the bucket on S3).
    expect(await services.storage.size(video?.source_key ?? '')).toBe(clip.length);
    expect(await storedUploads()).toBe(0);

    // The last answer lost: the client asks again and learns it is done; nothing is sent or charged twice.
    const again = await tusSession(clip, {
      endpoint,
      token: user.token,
      metadata: GENERATE,
      uploadUrl: first.url ?? '',
    });
    expect(again).toMatchObject({ finished: true, bytesSent: 0 });
    expect(await videosOf(companyId)).toHaveLength(1);
    expect(await charges(companyId)).toBe(1);
  });

  it('refuses a file that is not a video at its last byte, with the forms\u2019 message, and charges nothing', async () => {
    const user = await payingUser(call, `refused-${storage}`);
    const companyId = user.companyId ?? 0;
    const before = await balanceCents(db, companyId);
    const notVideo = Buffer.from('This is a text file renamed to .mp4, not a video at all.\n'.repeat(400));
    const outcome = await tusSession(notVideo, {
      endpoint,
      token: user.token,
      metadata: { ...GENERATE, filename: 'notes.mp4' },
    });
    expect(outcome.status, outcome.body).toBe(400);
    expect(JSON.parse(outcome.body).error.message).toMatch(/not a video|could not be read|format/i);
    expect(await videosOf(companyId)).toEqual([]);
    expect(await balanceCents(db, companyId)).toBe(before);
    expect(await storedUploads()).toBe(0);
  });

  it('refuses a video the balance cannot pay at its last byte with 402 and the missing cents, charging nothing', async () => {
    const user = await signedUpUser(call, `poor-${storage}`);
    const companyId = user.companyId ?? 0;
    const outcome = await tusSession(clip, { endpoint, token: user.token, metadata: GENERATE });
    expect(outcome.status, outcome.body).toBe(402);
    expect(JSON.parse(outcome.body).error.details.missingCents).toBeGreaterThan(0);
    expect(await videosOf(companyId)).toEqual([]);
    expect(await balanceCents(db, companyId)).toBe(0);
    expect(await storedUploads()).toBe(0);
  });

  it('refuses missing choices before any byte is sent, in the forms\u2019 words', async () => {
    const user = await payingUser(call, `choices-${storage}`);
    const outcome = await tusSession(clip, {
      endpoint,
      token: user.token,
      metadata: { ...GENERATE, rso: '' },
    });
    expect(outcome.status).toBe(400);
    expect(outcome.bytesSent).toBe(0);
    expect(JSON.parse(outcome.body).error.message).toBe(UPLOAD_MESSAGES.planRequired.replace(/^\* /, ''));
    const tooBig = await fetch(endpoint, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(2 * 1024 ** 3),
      },
    });
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.message).toBe(UPLOAD_MESSAGES.tooBig.replace(/^\* /, ''));
  });

  it('takes a hardcode upload: the SRT first, checked, then the video over tus, burnt in', async () => {
    const user = await payingUser(call, `hardcode-${storage}`);
    const companyId = user.companyId ?? 0;
    const badSrt = await postMultipart(app, `/api${RESUMABLE_SRT_PATH.slice(4)}`, user.token, [
      { name: 'fileSub', filename: 'subs.srt', content: Buffer.from('not a subtitle file at all\n') },
    ]);
    expect(badSrt.status).toBe(400);
    // Told apart by content as on the forms' path: a WebVTT under any name is taken.
    const other = await payingUser(call, `hardcode-vtt-${storage}`);
    const vtt = await postMultipart(app, RESUMABLE_SRT_PATH, other.token, [
      {
        name: 'fileSub',
        filename: 'subs.txt',
        content: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n'),
      },
    ]);
    expect(vtt.status, JSON.stringify(vtt.body)).toBe(200);
    const sent = await postMultipart(app, RESUMABLE_SRT_PATH, user.token, [
      { name: 'fileSub', filename: 'subs.srt', content: Buffer.from(SRT) },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const metadata = { mode: 'hardcode', filename: 'own.mp4', title: 'Own', srt: sent.body.data.id };
    const outcome = await tusSession(clip, { endpoint, token: user.token, metadata });
    expect(outcome.status, outcome.body).toBe(200);
    const [video] = await videosOf(companyId);
    expect(await queued(jobs.burnInVideo.key({ videoId: video?.id ?? 0 }))).toBe(1);
    const subtitles = await db
      .selectFrom('subtitle_versions')
      .select('srt_content')
      .where('video_id', '=', video?.id ?? 0)
      .execute();
    expect(subtitles.map((row) => row.srt_content.includes('Resumed and burnt in'))).toEqual([true]);
    expect(
      await db
        .selectFrom('pending_upload_subtitles')
        .select('id')
        .where('company_id', '=', companyId)
        .execute(),
    ).toEqual([]);
  });

  it('stores what reading the SRT repaired with the video\u2019s subtitles, as the multipart path does', async () => {
    const user = await payingUser(call, `hardcode-notes-${storage}`);
    const companyId = user.companyId ?? 0;
    const srt =
      '1\n00:00:00,000 --> 00:00:01,000\nOne\n\n2\n00:03:10,790 --> 00:00:21,526\nInverted\n\n3\n00:00:01,500 --> 00:00:02,500\nThree\n';
    const sent = await postMultipart(app, RESUMABLE_SRT_PATH, user.token, [
      { name: 'fileSub', filename: 'talk.srt', content: Buffer.from(srt) },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const metadata = { mode: 'hardcode', filename: 'talk.mp4', title: 'Talk', srt: sent.body.data.id };
    const outcome = await tusSession(clip, { endpoint, token: user.token, metadata });
    expect(outcome.status, outcome.body).toBe(200);
    const [video] = await videosOf(companyId);
    const versions = await db
      .selectFrom('subtitle_versions')
      .select('stats')
      .where('video_id', '=', video?.id ?? 0)
      .execute();
    expect(versions.map((row) => row.stats)).toEqual([
      {
        reading: {
          notes: [
            'Line 6: end time 00:00:21,526 is before start time 00:03:10,790; the subtitle was left out',
          ],
        },
      },
    ]);
  });

  it('keeps another company out of an upload: HEAD, PATCH and DELETE answer 404 and change nothing', async () => {
    const owner = await payingUser(call, `owner-${storage}`);
    const intruder = await signedUpUser(call, `intruder-${storage}`);
    const half = Math.ceil(clip.length / 2);
    const started = await tusSession(clip, {
      endpoint,
      token: owner.token,
      metadata: GENERATE,
      chunkSize: half,
      stopAtShare: 0.5,
    });
    const url = started.url ?? '';
    const as = (token: string) => ({ authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' });
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const answer = await fetch(url, {
        method,
        headers: {
          ...as(intruder.token),
          'upload-offset': String(half),
          'content-type': 'application/offset+octet-stream',
        },
        ...(method === 'PATCH' ? { body: clip.subarray(half) } : {}),
      });
      expect(answer.status, method).toBe(404);
      expect(answer.headers.get('upload-offset')).toBeNull();
      if (method !== 'HEAD') expect(await answer.text()).not.toContain(owner.email);
    }
    // The intruder's own upload named by the route, the owner's smuggled after it where tus once read it.
    const own = await tusSession(clip, {
      endpoint,
      token: intruder.token,
      metadata: { ...GENERATE, filename: 'own.mp4' },
      chunkSize: half,
      stopAtShare: 0.5,
    });
    const victimId = url.slice(url.lastIndexOf('/') + 1);
    for (const smuggled of [`${own.url}?x=/${victimId}`, `${own.url}?x=/${victimId}/`]) {
      const head = await fetch(smuggled, { method: 'HEAD', headers: as(intruder.token) });
      expect(head.headers.get('upload-metadata') ?? '', smuggled).not.toContain(
        Buffer.from('hotel.mp4').toString('base64'),
      );
      // Bytes and a removal sent this way reach the intruder's own upload at most: the owner's is checked below.
      await fetch(smuggled, {
        method: 'PATCH',
        headers: {
          ...as(intruder.token),
          'upload-offset': String(half),
          'content-type': 'application/offset+octet-stream',
        },
        body: Buffer.from('smuggled'),
      });
      await fetch(smuggled, { method: 'DELETE', headers: as(intruder.token) });
    }
    const anonymous = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    expect(anonymous.status).toBe(401);
    const owners = await fetch(url, { method: 'HEAD', headers: as(owner.token) });
    expect(owners.headers.get('upload-offset')).toBe(String(half));
    expect(await videosOf(intruder.companyId ?? 0)).toEqual([]);
    await fetch(url, { method: 'DELETE', headers: as(owner.token) });
  });
});

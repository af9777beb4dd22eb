import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAILURE_TEXTS } from '../../../shared/schemas/videos';
import { adminToken, payingUser, testApp, testCaller, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { makeClip } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { STILL_PROCESSING } from './deletion';
import { failVideo } from './failure';
import { videoFileKeys } from './video-files';

const { app, call, db, pool, services } = await testApp();
const SRT = '1\n00:00:00,500 --> 00:00:02,000\nDelete me\n';

/** A hardcode upload, burned in by the real worker tasks: a finished video with its files. */
async function finishedUpload(token: string, title: string) {
  const videoId = await uploadVideo(app, '/api/upload-log/hc', token, [
    await filePart('fileVideo', await makeClip('deletion-2s.mp4', { seconds: 2 }), 'clip.mp4', 'video/mp4'),
    { name: 'fileSub', filename: 'clip.srt', content: SRT },
    { name: 'title', value: title },
  ]);
  await runQueuedJobs(pool, services);
  const row = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
  expect(row.hardcoded_status).toBe('completed');
  return row;
}

const companyCount = async (companyId: number) =>
  (
    await db
      .selectFrom('companies')
      .select('video_count')
      .where('id', '=', companyId)
      .executeTakeFirstOrThrow()
  ).video_count;

describe('a customer deletes a video of their company', () => {
  it('removes its files at once, keeps the row as a tombstone, and refuses every read and download after', async () => {
    const user = await payingUser(call, 'deleter', 5);
    const kept = await finishedUpload(user.token, 'Kept talk');
    const video = await finishedUpload(user.token, 'Secret talk');
    const trpc = testCaller(app, user.token);
    const handedOut = (await trpc.query('videos.downloadUrl', { id: video.id })).data.url as string;
    const linkPath = new URL(handedOut).pathname;
    expect((await app.inject({ method: 'GET', url: linkPath })).statusCode).toBe(200);
    expect(await companyCount(user.companyId ?? 0)).toBe(2);
    const keys = videoFileKeys(video.source_key, video.hardcoded_key);
    expect(await services.storage.size(video.hardcoded_key ?? '')).toBeGreaterThan(0);

    const deleted = await trpc.mutation('videos.delete', { id: video.id });
    expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);
    expect(deleted.data).toEqual({ id: video.id, title: 'Secret talk' });

    for (const key of keys) expect(await services.storage.size(key)).toBeNull();
    // Nothing is left in its folder, the burn-in's kept segments included.
    expect(await services.storage.list(`${path.posix.dirname(video.source_key ?? '')}/`)).toEqual([]);
    const tombstone = await db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(tombstone.deleted_at).not.toBeNull();
    expect(tombstone).toMatchObject({ source_key: null, hardcoded_key: null });
    const charge = await db
      .selectFrom('credit_ledger')
      .select(['video_id', 'kind'])
      .where('video_id', '=', video.id)
      .execute();
    expect(charge).toEqual([{ video_id: video.id, kind: 'charge' }]);
    const versions = await db
      .selectFrom('subtitle_versions')
      .select('id')
      .where('video_id', '=', video.id)
      .execute();
    expect(versions).toEqual([]);
    const audit = await db
      .selectFrom('audit_trail')
      .select('action')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit.map((row) => row.action)).toContain(
      `Video ${video.id} (clip.mp4) of company ${user.companyId} deleted by ${user.email}`,
    );

    // Gone from the list, the count and search; the other video stays.
    expect(await companyCount(user.companyId ?? 0)).toBe(1);
    const list = await trpc.query('videos.list', {});
    expect(list.data).toMatchObject({ total: 1, videos: [{ id: kept.id }] });
    expect((await trpc.query('videos.list', { search: 'Secret' })).data).toEqual({ videos: [], total: 0 });
    expect((await trpc.query('videos.count')).data).toBe(1);
    const legacy = await call('GET', '/api/upload-logs/my-company-videos-desc?page=1&pageSize=10', {
      token: user.token,
    });
    expect(legacy.body.data.map((row: { id: number }) => row.id)).toEqual([kept.id]);
    expect(legacy.body.meta.pagination.total).toBe(1);

    // Every read refused, tRPC and REST, and the link handed out before the deletion too.
    for (const procedure of ['videos.get', 'videos.subtitles', 'videos.downloadUrl', 'editor.open'])
      expect((await trpc.query(procedure, { id: video.id })).status, procedure).toBe(404);
    expect((await trpc.query('videos.export', { id: video.id, format: 'srt' })).status).toBe(404);
    for (const url of [
      `/api/upload-logs/my-company-video?id=${video.id}`,
      `/api/srts?filters[video_id]=${video.id}`,
      `/api/subtitle-file?id=${video.id}&format=vtt`,
      `/api/download-hardcoded-url?id=${video.id}&video_name=x.mp4`,
    ])
      expect((await call('GET', url, { token: user.token })).status, url).toBe(404);
    expect(
      (await call('GET', `/api/upload-logs?filters[id]=${video.id}`, { token: user.token })).body.data,
    ).toEqual([]);
    const link = await app.inject({ method: 'GET', url: linkPath });
    expect(link.statusCode).toBe(404);
    // Deleting it twice finds nothing.
    expect((await trpc.mutation('videos.delete', { id: video.id })).status).toBe(404);
  });

  it('deletes through REST beside the legacy paths, in Strapi shape', async () => {
    const user = await payingUser(call, 'rest-deleter', 5);
    const video = await finishedUpload(user.token, 'By REST');
    const response = await call('DELETE', `/api/upload-logs/${video.id}`, { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: { id: video.id, attributes: { title: 'By REST', deleted: true } },
      meta: {},
    });
    expect(await services.storage.size(video.source_key ?? '')).toBeNull();
    expect(
      (await call('GET', `/api/upload-logs/my-company-video?id=${video.id}`, { token: user.token })).status,
    ).toBe(404);
    expect((await call('DELETE', '/api/upload-logs/abc', { token: user.token })).status).toBe(400);
  });

  it('refuses a video still being processed with a clear message, and keeps it whole', async () => {
    const user = await payingUser(call, 'busy-deleter', 5);
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
      await filePart('fileVideo', await makeClip('deletion-2s.mp4', { seconds: 2 }), 'clip.mp4', 'video/mp4'),
      { name: 'fileSub', filename: 'clip.srt', content: SRT },
    ]);
    // Its burn-in is queued, not run: the video is being processed.
    const refused = await testCaller(app, user.token).mutation('videos.delete', { id: videoId });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe(STILL_PROCESSING);
    const row = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
    expect(await services.storage.size(row.source_key ?? '')).toBeGreaterThan(0);
    // Once it has finished, it can go.
    await runQueuedJobs(pool, services);
    expect((await testCaller(app, user.token).mutation('videos.delete', { id: videoId })).status).toBe(200);
  });

  it('does not let another company delete the video', async () => {
    const owner = await payingUser(call, 'owner-del', 5);
    const stranger = await payingUser(call, 'stranger-del', 5);
    const video = await finishedUpload(owner.token, 'Mine');
    expect((await testCaller(app, stranger.token).mutation('videos.delete', { id: video.id })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/api/upload-logs/${video.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect(await services.storage.size(video.source_key ?? '')).toBeGreaterThan(0);
    expect((await testCaller(app, owner.token).query('videos.get', { id: video.id })).status).toBe(200);
  });

  it("keeps a failed video's tombstone away from an admin's retry and the failed list", async () => {
    const user = await payingUser(call, 'failed-del', 5);
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
      await filePart('fileVideo', await makeClip('deletion-2s.mp4', { seconds: 2 }), 'clip.mp4', 'video/mp4'),
      { name: 'fileSub', filename: 'clip.srt', content: SRT },
    ]);
    await failVideo(db, videoId, ['hardcoded_status'], { customer: FAILURE_TEXTS.video, cause: 'test' });
    expect((await testCaller(app, user.token).mutation('videos.delete', { id: videoId })).status).toBe(200);
    const admin = testCaller(app, await adminToken(call));
    const retry = await admin.mutation('videos.retry', { id: videoId });
    expect(retry.status).toBe(409);
    expect(retry.error.message).toBe('Its company deleted this video; there is nothing to retry.');
    const failed = (await admin.query('videos.failed')).data as { id: number }[];
    expect(failed.map((video) => video.id)).not.toContain(videoId);
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FAILURE_TEXTS } from '../../../shared/schemas/videos';
import { balanceCents } from '../../../test/support/database';
import { adminToken, payingUser, testApp, uploadVideo } from '../../../test/support/http';
import { makeClip } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { jobs as catalog } from '../../jobs/catalog';
import { NO_SPEECH } from '../generation/generate';
import { failVideo } from './failure';

const { app, call, db } = await testApp();
const admin = await adminToken(call);
const CAUSE = 'ffmpeg was killed by SIGSEGV: [h264 @ 0x55d0c3a4e2c0] error while decoding';

async function trpc(method: 'GET' | 'POST', procedure: string, token: string, input?: unknown) {
  const response = await app.inject({
    method,
    url: `/trpc/${procedure}`,
    ...(method === 'POST' ? { payload: JSON.stringify(input ?? {}) } : {}),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A hardcode upload whose burn-in failed for good, as the worker records it. */
async function failedUpload(name: string, title?: string) {
  const user = await payingUser(call, name);
  const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
    await filePart(
      'fileVideo',
      await makeClip('failed-videos-4s.mp4', { seconds: 4 }),
      'clip.mp4',
      'video/mp4',
    ),
    { name: 'fileSub', filename: 'clip.srt', content: '1\n00:00:00,500 --> 00:00:02,000\nHello\n' },
    ...(title ? [{ name: 'title', value: title }] : []),
  ]);
  await failVideo(db, videoId, ['hardcoded_status'], { customer: FAILURE_TEXTS.video, cause: CAUSE });
  return { user, videoId };
}

describe('failed videos', () => {
  it('tell the customer in plain words that the charge came back, and admins the cause', async () => {
    const { user, videoId } = await failedUpload('failed-plain');
    const listed = await call('GET', '/api/upload-logs/my-company-videos-desc?page=1&pageSize=10', {
      token: user.token,
    });
    const row = listed.body.data.find((video: { id: number }) => video.id === videoId);
    expect(row.attributes.failure_reason).toBe(`${FAILURE_TEXTS.video} Your €0.10 was refunded.`);
    expect(JSON.stringify(listed.body)).not.toContain('SIGSEGV');
    const mine = await trpc('GET', 'videos.list', user.token);
    expect(JSON.stringify(mine.body)).not.toContain('SIGSEGV');

    const failed = await trpc('GET', 'videos.failed', admin);
    expect(failed.body.result.data).toContainEqual(
      expect.objectContaining({ id: videoId, failureCause: CAUSE, refunded: true }),
    );
    expect((await trpc('GET', 'videos.failed', user.token)).status).toBe(403);
    const audit = await db
      .selectFrom('audit_trail')
      .select('action')
      .where('action', 'like', `Video ${videoId} %`)
      .execute();
    expect(audit.map((line) => line.action)).toEqual([
      `Video ${videoId} (clip.mp4) of company ${user.companyId} failed: ${CAUSE}`,
    ]);
  });

  it('name each video by its title and id, and say the refund once to the customer', async () => {
    const { user, videoId } = await failedUpload('failed-titled', 'Quarterly results');
    await failVideo(db, videoId, ['hardcoded_status'], {
      customer: NO_SPEECH,
      cause: 'transcribe: the speech engine returned no words',
    });
    const failed = await trpc('GET', 'videos.failed', admin);
    const row = failed.body.result.data.find((video: { id: number }) => video.id === videoId);
    expect(row).toMatchObject({ id: videoId, title: 'Quarterly results' });
    expect(row.failureCause).toBe('transcribe: the speech engine returned no words');
    const listed = await call('GET', '/api/upload-logs/my-company-videos-desc?page=1&pageSize=10', {
      token: user.token,
    });
    const mine = listed.body.data.find((video: { id: number }) => video.id === videoId);
    // The refund is said once, by failVideo.
    expect(mine.attributes.failure_reason.match(/refund/g)).toHaveLength(1);
  });

  it('can be retried by an admin from the failed step, charging nothing again', async () => {
    const { user, videoId } = await failedUpload('failed-retry');
    const before = await balanceCents(db, user.companyId ?? 0);
    expect((await trpc('POST', 'videos.retry', user.token, { id: videoId })).status).toBe(403);
    const retried = await trpc('POST', 'videos.retry', admin, { id: videoId });
    expect(retried.status).toBe(200);
    expect(retried.body.result.data).toEqual({ restartedFrom: 'burn-in' });

    const video = await db
      .selectFrom('videos')
      .select(['hardcoded_status', 'hardcoded_progress', 'failure_reason', 'failure_cause'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toEqual({
      hardcoded_status: 'polling',
      hardcoded_progress: 0,
      failure_reason: null,
      failure_cause: null,
    });
    const jobs = await sql<{ n: string }>`
      select count(*) as n from graphile_worker.jobs where key = ${catalog.burnInVideo.key({ videoId })}`.execute(
      db,
    );
    expect(Number(jobs.rows[0]?.n)).toBe(1);
    expect(await balanceCents(db, user.companyId ?? 0)).toBe(before);
    // A second retry finds nothing failed.
    expect((await trpc('POST', 'videos.retry', admin, { id: videoId })).status).toBe(409);
  });
});

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '../server/jobs/catalog';
import { enqueue } from '../server/jobs/queue';
import { adminToken, payingUser, testApp, testCaller, uploadVideo } from '../test/support/http';
import { runQueuedJobs } from '../test/support/jobs';
import { makeClip } from '../test/support/media';
import { filePart } from '../test/support/multipart';
import { startSmtpCatcher } from '../test/support/smtp-catcher';

const smtp = await startSmtpCatcher();
afterAll(smtp.close);
const { app, call, db, pool, services } = await testApp({ SMTP_URL: smtp.url });
const SRT = '1\n00:00:00,500 --> 00:00:02,000\nKept for a while\n';

async function upload(token: string) {
  return uploadVideo(app, '/api/upload-log/hc', token, [
    await filePart('fileVideo', await makeClip('retention-2s.mp4', { seconds: 2 }), 'clip.mp4', 'video/mp4'),
    { name: 'fileSub', filename: 'clip.srt', content: SRT },
  ]);
}

const ageBy = (videoId: number, days: number) =>
  sql`update videos set created_at = now() - ${days} * interval '1 day' where id = ${videoId}`.execute(db);
const video = (videoId: number) =>
  db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();

describe('company retention', () => {
  it('is set by the company admin and a platform admin, not by a member or another company', async () => {
    const owner = await payingUser(call, 'ret-owner', 1);
    const stranger = await payingUser(call, 'ret-stranger', 1);
    const member = await payingUser(call, 'ret-member', 1);
    const admin = testCaller(app, await adminToken(call));
    await admin.mutation('users.assignCompany', {
      userId: member.id,
      companyId: owner.companyId,
      transfer: false,
    });
    const companyId = owner.companyId ?? 0;

    const own = testCaller(app, owner.token);
    expect((await own.query('retention.get', { companyId })).data).toEqual({
      companyId,
      retentionDays: null,
      canChange: true,
    });
    expect((await own.mutation('retention.set', { companyId, days: 30 })).data).toMatchObject({
      retentionDays: 30,
    });
    const asMember = testCaller(
      app,
      (
        await call('POST', '/api/auth/local', {
          body: { identifier: member.email, password: member.password },
        })
      ).body.jwt,
    );
    expect((await asMember.query('retention.get', { companyId })).data).toMatchObject({
      retentionDays: 30,
      canChange: false,
    });
    const refused = await asMember.mutation('retention.set', { companyId, days: 1 });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe('Only the company admin can change how long videos are kept');
    const foreign = testCaller(app, stranger.token);
    expect((await foreign.query('retention.get', { companyId })).status).toBe(404);
    expect((await foreign.mutation('retention.set', { companyId, days: 1 })).status).toBe(404);
    expect((await admin.mutation('retention.set', { companyId, days: null })).data).toMatchObject({
      retentionDays: null,
    });
    expect((await own.mutation('retention.set', { companyId, days: 0 })).status).toBe(400);
    expect((await own.mutation('retention.set', { companyId, days: 2.5 })).status).toBe(400);
    const audit = await db
      .selectFrom('audit_trail')
      .select('action')
      .where('user_id', '=', owner.id)
      .execute();
    expect(audit.map((row) => row.action)).toContain(
      `${owner.email} set company ${companyId} to keep videos 30 days`,
    );
  });

  it('removes the files of videos past it in a real worker run of the scheduled task, and nothing else', async () => {
    const keeper = await payingUser(call, 'ret-keeper', 5);
    const forever = await payingUser(call, 'ret-forever', 5);
    const old = await upload(keeper.token);
    const recent = await upload(keeper.token);
    const older = await upload(keeper.token);
    const foreverOld = await upload(forever.token);
    await runQueuedJobs(pool, services);
    // One more, left processing: its burn-in queued, not run.
    const processing = await upload(keeper.token);
    await ageBy(old, 31);
    await ageBy(recent, 29);
    await ageBy(older, 400);
    await ageBy(foreverOld, 400);
    await ageBy(processing, 40);
    await testCaller(app, keeper.token).mutation('retention.set', { companyId: keeper.companyId, days: 30 });
    const oldRow = await video(old);

    // The cron's job, queued as Graphile Worker's scheduler queues it, run by the worker's task list.
    // The processing video's burn-in is queued too: take it off so this run is the retention's alone.
    await sql`select graphile_worker.remove_job(${`burn-in:${processing}`})`.execute(db);
    await enqueue(db, jobs.removeExpiredVideos, {});
    await runQueuedJobs(pool, services);

    const gone = await video(old);
    expect(gone.deleted_at).not.toBeNull();
    expect(await services.storage.size(oldRow.source_key ?? '')).toBeNull();
    expect(await services.storage.size(oldRow.hardcoded_key ?? '')).toBeNull();
    const audit = await db
      .selectFrom('audit_trail')
      .select(['action', 'user_id'])
      .where('action', 'like', `Video ${old} %`)
      .execute();
    expect(audit).toEqual([
      {
        action: `Video ${old} (clip.mp4) of company ${keeper.companyId} deleted by the company's retention of 30 days`,
        user_id: null,
      },
    ]);
    expect((await video(older)).deleted_at).not.toBeNull();
    expect((await video(processing)).hardcoded_status).toBe('polling');
    for (const kept of [recent, foreverOld, processing]) {
      const row = await video(kept);
      expect(row.deleted_at, `video ${kept}`).toBeNull();
      expect(await services.storage.size(row.source_key ?? '')).toBeGreaterThan(0);
    }
    const list = await testCaller(app, keeper.token).query('videos.list', {});
    expect(list.data.videos.map((row: { id: number }) => row.id).sort()).toEqual([recent, processing].sort());
    expect(list.data.total).toBe(2);
  });

  it('tells the company admins once, by e-mail, which videos it deletes within three days', async () => {
    const owner = await payingUser(call, 'ret-warned', 5);
    const member = await payingUser(call, 'ret-warned-member', 1);
    const soon = await upload(owner.token);
    const later = await upload(owner.token);
    await runQueuedJobs(pool, services);
    await db.updateTable('videos').set({ title: 'Quarterly review' }).where('id', '=', soon).execute();
    await ageBy(soon, 28);
    await ageBy(later, 20);
    await testCaller(app, owner.token).mutation('retention.set', { companyId: owner.companyId, days: 30 });
    const runTheDailyTask = async () => {
      await enqueue(db, jobs.removeExpiredVideos, {});
      await runQueuedJobs(pool, services);
    };

    await runTheDailyTask();
    const mail = await smtp.waitFor(owner.email, /will be deleted in a few days/);
    expect(mail.subject).toBe('1 video will be deleted in a few days');
    expect(mail.text).toContain('Your company keeps videos for 30 days');
    expect(mail.text).toContain('"Quarterly review" — deleted from');
    expect(mail.text).not.toContain(`clip.mp4`);
    // Warned, not deleted; a plain member of another company hears nothing.
    expect((await video(soon)).deleted_at).toBeNull();
    expect(smtp.messagesTo(member.email, /will be deleted/)).toHaveLength(0);

    // The next day's run says nothing new; a changed retention announces again by the new rule.
    await runTheDailyTask();
    expect(smtp.messagesTo(owner.email, /will be deleted/)).toHaveLength(1);
    await testCaller(app, owner.token).mutation('retention.set', { companyId: owner.companyId, days: 22 });
    await runTheDailyTask();
    await expect.poll(() => smtp.messagesTo(owner.email, /will be deleted/).length).toBe(2);
    const again = smtp.messagesTo(owner.email, /will be deleted/)[1];
    expect(again?.text).toContain('keeps videos for 22 days');
    expect(again?.text).toContain('"clip.mp4" — deleted from');
    expect((await video(soon)).deleted_at).not.toBeNull();
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COMMENT_TEXTS, REVIEW_PERMISSIONS } from '../../../shared/schemas/comments';
import { adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { finishedVideo } from '../../../test/support/review-links';

/**
 * A review link is a permission of its own (issue 39): whoever holds it, with or without an account,
 * reads the video's latest subtitles and comments and adds a comment under a name, and nothing else:
 * no edit, no burn, no download, no other video, nothing else of the company.
 */
const { app, call, db } = await testApp();
const admin = await adminToken(call);
const owner = await signedUpUser(call, 'linkowner');
const teammate = await signedUpUser(call, 'linkmate', false);
await call('PUT', `/api/users/${teammate.id}`, {
  token: admin,
  body: { data: { company: owner.companyId } },
});
const ownerCalls = testCaller(app, owner.token);
const anyone = testCaller(app);

const reviewed = await finishedVideo(db, owner, 'reviewed-talk', 'Reviewed words');
const other = await finishedVideo(db, owner, 'other-secret-talk', 'Other secret words');
await db
  .insertInto('subtitle_drafts')
  .values({
    video_id: reviewed,
    cues: JSON.stringify([{ startMs: 0, endMs: 1000, text: 'draft-in-progress' }]),
    base_version: 0,
    updated_by: owner.id,
  })
  .execute();
await ownerCalls.mutation('comments.add', {
  videoId: reviewed,
  cueId: 'cue-1',
  startMs: 0,
  endMs: 1500,
  body: 'Owner asks',
});
await ownerCalls.mutation('comments.add', {
  videoId: other,
  cueId: 'cue-1',
  startMs: 0,
  endMs: 1500,
  body: 'other-video-comment',
});

async function newLink(videoId = reviewed) {
  const made = await ownerCalls.mutation('comments.createReviewLink', { videoId });
  expect(made.status).toBe(200);
  return String(made.data.url).split('/review/')[1] ?? '';
}

/** What nothing a review link answers may hold: the company, its people, its other video, its files. */
const beyondTheVideo = [
  'linkowner company',
  owner.email,
  teammate.email,
  'other-secret-talk',
  'Other secret words',
  'other-video-comment',
  'draft-in-progress',
  'videos/',
  'editor-media',
  'hardcoded',
  `"companyId"`,
];
function expectNothingBeyondTheVideo(answer: unknown) {
  const text = JSON.stringify(answer);
  for (const secret of beyondTheVideo) expect(text).not.toContain(secret);
}

describe('a review link', () => {
  it("opens its video's latest subtitles and comments to anyone holding it, signed in or not, and takes a comment under a name", async () => {
    const token = await newLink();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    // Only its hash is stored, with the permissions it carries.
    const rows = await db.selectFrom('review_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.at(-1)?.permissions).toEqual([...REVIEW_PERMISSIONS]);

    for (const holder of [anyone, testCaller(app, teammate.token)]) {
      const opened = await holder.query('review.open', { token });
      expect(opened.status).toBe(200);
      expect(opened.data).toEqual({
        video: { title: 'reviewed-talk', durationSeconds: 10 },
        srt: expect.stringContaining('Reviewed words'),
        permissions: [...REVIEW_PERMISSIONS],
      });
      expectNothingBeyondTheVideo(opened.data);
    }

    const added = await anyone.mutation('review.addComment', {
      token,
      cueId: 'cue-2',
      startMs: 2000,
      endMs: 3000,
      body: 'Guest thinks this is late',
      name: '  Guest Reviewer ',
      // Not part of the input: the link alone names the video.
      videoId: other,
    });
    expect(added.status, JSON.stringify(added.error)).toBe(200);
    const stored = await db
      .selectFrom('cue_comments')
      .select(['video_id', 'author_id', 'guest_name'])
      .where('id', '=', added.data.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ video_id: reviewed, author_id: null, guest_name: 'Guest Reviewer' });

    const comments = await anyone.query('review.comments', { token });
    expect(comments.status).toBe(200);
    expect(comments.data.map((comment: { body: string }) => comment.body)).toEqual([
      'Owner asks',
      'Guest thinks this is late',
    ]);
    expectNothingBeyondTheVideo(comments.data);
    // The company sees who it was.
    const seen = await testCaller(app, teammate.token).query('comments.list', { videoId: reviewed });
    expect(seen.data.at(-1)).toMatchObject({ author: null, guestName: 'Guest Reviewer' });
  });

  it('refuses a comment without a name or text, in plain words, and keeps nothing', async () => {
    const token = await newLink();
    const before = await db.selectFrom('cue_comments').select('id').execute();
    const cue = { token, cueId: 'cue-1', startMs: 0, endMs: 1500 };
    const nameless = await anyone.mutation('review.addComment', { ...cue, body: 'Hi', name: '  ' });
    expect(nameless.status).toBe(400);
    expect(JSON.stringify(nameless.error)).toContain(COMMENT_TEXTS.nameNeeded);
    const empty = await anyone.mutation('review.addComment', { ...cue, body: ' ', name: 'Guest' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.error)).toContain(COMMENT_TEXTS.empty);
    expect(await db.selectFrom('cue_comments').select('id').execute()).toEqual(before);
  });

  it('does only what the permissions written on it allow', async () => {
    const token = await newLink();
    await sql`update review_links set permissions = '{readSubtitles,readComments}'
      where created_at = (select max(created_at) from review_links)`.execute(db);
    expect((await anyone.query('review.open', { token })).status).toBe(200);
    expect((await anyone.query('review.comments', { token })).status).toBe(200);
    const refused = await anyone.mutation('review.addComment', {
      token,
      cueId: 'cue-1',
      startMs: 0,
      endMs: 1500,
      body: 'Not allowed',
      name: 'Guest',
    });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(COMMENT_TEXTS.notPermitted);
    expect(
      await db.selectFrom('cue_comments').select('id').where('body', '=', 'Not allowed').execute(),
    ).toEqual([]);

    await sql`update review_links set permissions = '{}'
      where created_at = (select max(created_at) from review_links)`.execute(db);
    for (const procedure of ['review.open', 'review.comments']) {
      const answer = await anyone.query(procedure, { token });
      expect(answer.status).toBe(403);
      expect(answer.data).toBeUndefined();
      expect(JSON.stringify(answer.error)).not.toContain('Reviewed words');
    }
  });

  it('opens nothing once it expired, and nothing for a guessed token', async () => {
    const token = await newLink();
    await sql`update review_links set expires_at = now() - interval '1 second'`.execute(db);
    for (const guess of [token, 'a'.repeat(32)]) {
      for (const procedure of ['review.open', 'review.comments']) {
        const answer = await anyone.query(procedure, { token: guess });
        expect(answer.status).toBe(404);
        expect(answer.error.message).toBe(COMMENT_TEXTS.linkGone);
        expect(answer.data).toBeUndefined();
      }
      const comment = { token: guess, cueId: 'c', startMs: 0, endMs: 1, body: 'late', name: 'Guest' };
      expect((await anyone.mutation('review.addComment', comment)).status).toBe(404);
    }
    expect(await db.selectFrom('cue_comments').select('id').where('body', '=', 'late').execute()).toEqual([]);
  });
});

describe('what a review link does not open', () => {
  /** Every other route a holder might try, with the link's video or another of the company. */
  const forbidden: [string, 'query' | 'mutation', (token: string) => unknown][] = [
    ['editor.open', 'query', () => ({ id: reviewed })],
    [
      'editor.saveDraft',
      'mutation',
      () => ({ id: reviewed, cues: [{ startMs: 0, endMs: 1000, text: 'edited by a guest' }], revision: 1 }),
    ],
    ['editor.discardDraft', 'mutation', () => ({ id: reviewed })],
    ['editor.saveAndBurnIn', 'mutation', () => ({ id: reviewed, revision: 1 })],
    ['editor.buyReburn', 'mutation', () => ({ id: reviewed, revision: 1, priceCents: 0 })],
    ['videos.downloadUrl', 'query', () => ({ id: reviewed })],
    ['videos.get', 'query', () => ({ id: reviewed })],
    ['videos.list', 'query', () => ({})],
    ['videos.export', 'query', () => ({ id: other, format: 'vtt' })],
    ['videos.subtitlesZip', 'query', () => ({ id: other })],
    ['videos.subtitles', 'query', () => ({ id: reviewed })],
    ['companies.my', 'query', () => undefined],
    ['comments.list', 'query', () => ({ videoId: reviewed })],
    ['comments.resolve', 'mutation', () => ({ id: 1 })],
    ['comments.createReviewLink', 'mutation', () => ({ videoId: other })],
  ];

  it.each(forbidden)(
    '%s with the review link for a credential answers 401 and nothing of the company',
    async (procedure, type, input) => {
      const token = await newLink();
      const asHolder = testCaller(app, token);
      const answer =
        type === 'query'
          ? await asHolder.query(procedure, input(token))
          : await asHolder.mutation(procedure, input(token));
      expect(answer.status).toBe(401);
      expect(answer.data).toBeUndefined();
      expectNothingBeyondTheVideo(answer.error);
      expect(JSON.stringify(answer.error)).not.toContain('Reviewed words');
    },
  );

  it('is no credential for the REST routes either (downloads, the company export), as a bearer or a cookie', async () => {
    const token = await newLink();
    const asBearer = { authorization: `Bearer ${token}` };
    const asCookie = { cookie: `session=${token}` };
    for (const headers of [asBearer, asCookie])
      for (const url of [
        '/api/company-export',
        `/api/upload-logs?filters[id]=${reviewed}`,
        `/api/srts?filters[video_id]=${reviewed}`,
        `/api/videos/${reviewed}/subtitles.zip`,
        `/api/upload-logs/my-company-video?id=${reviewed}`,
        '/api/company/my',
        '/trpc/events.company',
      ]) {
        const answer = await app.inject({ method: 'GET', url, headers });
        const text = answer.body;
        if (url.startsWith('/trpc/')) {
          // tRPC answers SSE subscriptions with 200 and reports the refusal as the stream's error event.
          expect(text).toContain('"code":"UNAUTHORIZED"');
          expect(text).not.toMatch(/^data: \{"type"/m);
        } else expect([url, answer.statusCode]).toEqual([url, 401]);
        for (const secret of [...beyondTheVideo, 'Reviewed words', 'reviewed-talk'])
          expect(text).not.toContain(secret);
      }
  });

  it('left the video, its subtitles and its draft as they were, and queued no burn', async () => {
    const versions = await db
      .selectFrom('subtitle_versions')
      .select('video_id')
      .where('video_id', '=', reviewed)
      .execute();
    expect(versions).toHaveLength(1);
    const draft = await db
      .selectFrom('subtitle_drafts')
      .select('cues')
      .where('video_id', '=', reviewed)
      .executeTakeFirst();
    expect(JSON.stringify(draft?.cues)).toContain('draft-in-progress');
    const video = await db
      .selectFrom('videos')
      .select(['revisions', 'hardcoded_status'])
      .where('id', '=', reviewed)
      .executeTakeFirstOrThrow();
    expect(video).toEqual({ revisions: 0, hardcoded_status: 'completed' });
    const jobs = await sql<{ count: string }>`select count(*) from graphile_worker.jobs`.execute(db);
    expect(Number(jobs.rows[0]?.count)).toBe(0);
  });
});

describe('a deleted video', () => {
  it('takes its review links with it', async () => {
    const token = await newLink(other);
    expect((await anyone.query('review.open', { token })).status).toBe(200);
    const deleted = await ownerCalls.mutation('videos.delete', { id: other });
    expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);
    expect((await anyone.query('review.open', { token })).status).toBe(404);
  });
});

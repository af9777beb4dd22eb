import { describe, expect, it } from 'vitest';
import { COMMENT_TEXTS } from '../../../shared/schemas/comments';
import { adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { insertVideo } from '../uploads/repo';

/** Review with teammates (issue 39): comments on cues, per company (review links: review-link.test.ts). */
const { app, call, db } = await testApp();
const admin = await adminToken(call);
const owner = await signedUpUser(call, 'reviewer');
const teammate = await signedUpUser(call, 'teammate', false);
await call('PUT', `/api/users/${teammate.id}`, {
  token: admin,
  body: { data: { company: owner.companyId } },
});
const stranger = await signedUpUser(call, 'stranger');
const [ownerCalls, teammateCalls, strangerCalls] = [owner, teammate, stranger].map((user) =>
  testCaller(app, user.token),
) as [ReturnType<typeof testCaller>, ReturnType<typeof testCaller>, ReturnType<typeof testCaller>];

const videoId = await insertVideo(db, {
  companyId: owner.companyId ?? 0,
  createdBy: owner.id,
  mode: 'hardcode',
  filename: 'review.mp4',
  title: '',
  description: '',
  rso: null,
  inLan: null,
  outLan: null,
  durationSeconds: 10,
  priceCents: 10,
  sourceKey: 'videos/review/source.mp4',
  audioStartMs: 0,
  srtStatus: 'completed',
});
const onCue2 = { videoId, cueId: 'cue-2', startMs: 2000, endMs: 3500 };

describe('a comment on a cue', () => {
  it('is seen by a teammate, anchored to the cue, and resolved once by anyone of the company', async () => {
    const added = await ownerCalls.mutation('comments.add', { ...onCue2, body: '  Too fast to read?  ' });
    expect(added.status, JSON.stringify(added.error)).toBe(200);

    const seen = await teammateCalls.query('comments.list', { videoId });
    expect(seen.data).toEqual([
      expect.objectContaining({
        id: added.data.id,
        cueId: 'cue-2',
        startMs: 2000,
        endMs: 3500,
        body: 'Too fast to read?',
        author: expect.stringMatching(/^reviewer/),
        resolvedAt: null,
      }),
    ]);

    expect((await teammateCalls.mutation('comments.resolve', { id: added.data.id })).status).toBe(200);
    const again = await ownerCalls.mutation('comments.resolve', { id: added.data.id });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(COMMENT_TEXTS.alreadyResolved);
    const [resolved] = (await ownerCalls.query('comments.list', { videoId })).data;
    expect(resolved.resolvedBy).toMatch(/^teammate/);
  });

  it('is refused empty, in plain words, and is nothing another company can see, add or resolve', async () => {
    const empty = await ownerCalls.mutation('comments.add', { ...onCue2, body: '   ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.error)).toContain(COMMENT_TEXTS.empty);

    const { data } = await ownerCalls.mutation('comments.add', { ...onCue2, body: 'Only for us' });
    expect((await strangerCalls.query('comments.list', { videoId })).status).toBe(404);
    expect((await strangerCalls.mutation('comments.add', { ...onCue2, body: 'intruder' })).status).toBe(404);
    expect((await strangerCalls.mutation('comments.resolve', { id: data.id })).status).toBe(404);
    const comments = await db.selectFrom('cue_comments').select(['body', 'resolved_at']).execute();
    expect(comments.map((row) => row.body)).not.toContain('intruder');
    expect(comments.find((row) => row.body === 'Only for us')?.resolved_at).toBeNull();
  });
});

describe('removing a comment', () => {
  it('is for its author only: a teammate is told so, another company finds none, and it is gone for all', async () => {
    const { data } = await ownerCalls.mutation('comments.add', { ...onCue2, body: 'Said too soon' });
    expect((await ownerCalls.query('comments.list', { videoId })).data.at(-1)).toMatchObject({
      body: 'Said too soon',
      mine: true,
    });
    expect((await teammateCalls.query('comments.list', { videoId })).data.at(-1).mine).toBe(false);

    const byTeammate = await teammateCalls.mutation('comments.remove', { id: data.id });
    expect(byTeammate.status).toBe(403);
    expect(byTeammate.error.message).toBe(COMMENT_TEXTS.notYours);
    const byStranger = await strangerCalls.mutation('comments.remove', { id: data.id });
    expect(byStranger.status).toBe(404);
    expect(JSON.stringify(byStranger.error)).not.toContain('Said too soon');
    const still = await db.selectFrom('cue_comments').select('id').where('id', '=', data.id).execute();
    expect(still).toHaveLength(1);

    expect((await ownerCalls.mutation('comments.remove', { id: data.id })).status).toBe(200);
    const bodies = (await teammateCalls.query('comments.list', { videoId })).data.map(
      (comment: { body: string }) => comment.body,
    );
    expect(bodies).not.toContain('Said too soon');
    expect((await ownerCalls.mutation('comments.remove', { id: data.id })).status).toBe(404);
  });

  it("is not for its author once they moved to another company: the comment stays the old company's", async () => {
    const mover = await signedUpUser(call, 'mover', false);
    await call('PUT', `/api/users/${mover.id}`, {
      token: admin,
      body: { data: { company: owner.companyId } },
    });
    const moverCalls = testCaller(app, mover.token);
    const { data } = await moverCalls.mutation('comments.add', { ...onCue2, body: 'Written before moving' });
    await call('PUT', `/api/users/${mover.id}`, {
      token: admin,
      body: { data: { company: stranger.companyId } },
    });
    const removed = await moverCalls.mutation('comments.remove', { id: data.id });
    expect(removed.status).toBe(404);
    const kept = await db.selectFrom('cue_comments').select('body').where('id', '=', data.id).execute();
    expect(kept).toEqual([{ body: 'Written before moving' }]);
  });
});

describe('a deleted video', () => {
  it('takes its comments and review links with it', async () => {
    await ownerCalls.mutation('comments.add', { ...onCue2, body: 'Gone with the video' });
    const made = await ownerCalls.mutation('comments.createReviewLink', { videoId });
    const token = String(made.data.url).split('/review/')[1];
    // A finished video may be deleted.
    await db.updateTable('videos').set({ hardcoded_status: 'completed' }).where('id', '=', videoId).execute();
    const deleted = await ownerCalls.mutation('videos.delete', { id: videoId });
    expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);
    const left = async (table: 'cue_comments' | 'review_links') =>
      (await db.selectFrom(table).select('video_id').where('video_id', '=', videoId).execute()).length;
    expect([await left('cue_comments'), await left('review_links')]).toEqual([0, 0]);
    expect((await testCaller(app).query('review.open', { token })).status).toBe(404);
  });
});

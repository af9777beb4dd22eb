import { describe, expect, it } from 'vitest';
import { COMMENT_TEXTS } from '../../../shared/schemas/comments';
import { signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { finishedVideo, tokenOfReviewUrl } from '../../../test/support/review-links';

/**
 * A review link can be withdrawn before its 7 days end (issue 39): the company's users see the
 * video's live links (never their tokens) and withdraw one; from then on it opens nothing, exactly
 * as an unknown token. Another company can neither see nor withdraw them.
 */
const { app, call, db } = await testApp();
const owner = await signedUpUser(call, 'withdrawer');
const intruder = await signedUpUser(call, 'intruder');
const ownerCalls = testCaller(app, owner.token);
const intruderCalls = testCaller(app, intruder.token);
const anyone = testCaller(app);
const video = await finishedVideo(db, owner, 'withdrawn-talk', 'Withdrawn words');
await ownerCalls.mutation('comments.add', {
  videoId: video,
  cueId: 'cue-1',
  startMs: 0,
  endMs: 1500,
  body: 'team-only-remark',
});

async function newLink() {
  const made = await ownerCalls.mutation('comments.createReviewLink', { videoId: video });
  expect(made.status).toBe(200);
  return tokenOfReviewUrl(made.data.url);
}

interface Listed {
  id: number;
  createdAt: string;
  expiresAt: string;
  createdBy: string | null;
}
const linksOf = async () =>
  (await ownerCalls.query('comments.reviewLinks', { videoId: video })).data as Listed[];

const comment = (token: string, body: string) => ({
  token,
  cueId: 'cue-1',
  startMs: 0,
  endMs: 1500,
  body,
  name: 'Guest',
});

/** Every review.* call with `token`: each answers as for an unknown token, with nothing of the video. */
async function expectOpensNothing(token: string, body: string) {
  for (const answer of [
    await anyone.query('review.open', { token }),
    await anyone.query('review.comments', { token }),
    await anyone.mutation('review.addComment', comment(token, body)),
  ]) {
    expect(answer.status).toBe(404);
    expect(answer.error.message).toBe(COMMENT_TEXTS.linkGone);
    expect(answer.data).toBeUndefined();
    const text = JSON.stringify(answer);
    for (const secret of ['Withdrawn words', 'withdrawn-talk', 'team-only-remark', owner.email])
      expect(text).not.toContain(secret);
  }
  expect(await db.selectFrom('cue_comments').select('id').where('body', '=', body).execute()).toEqual([]);
}

describe("a video's review links", () => {
  it('are listed to the company while live, when made, by whom and until when, never with their token', async () => {
    const token = await newLink();
    const listed = await ownerCalls.query('comments.reviewLinks', { videoId: video });
    expect(listed.status).toBe(200);
    const mine = (listed.data as Listed[]).at(0);
    expect(mine).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      createdBy: expect.stringMatching(/^withdrawer/),
    });
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it('once withdrawn, opens nothing, exactly as an unknown token, and leaves the list', async () => {
    const kept = await newLink();
    const token = await newLink();
    const [newest] = await linksOf();
    expect((await anyone.query('review.open', { token })).status).toBe(200);

    const withdrawn = await ownerCalls.mutation('comments.withdrawReviewLink', { id: newest?.id });
    expect(withdrawn.status).toBe(200);
    await expectOpensNothing(token, 'after-withdrawal');
    await expectOpensNothing('b'.repeat(32), 'guessed-token');
    expect((await linksOf()).map((link) => link.id)).not.toContain(newest?.id);
    // The other link of the video still opens it.
    expect((await anyone.query('review.open', { token: kept })).status).toBe(200);

    // Once is enough: withdrawing it again finds nothing.
    const again = await ownerCalls.mutation('comments.withdrawReviewLink', { id: newest?.id });
    expect(again.status).toBe(404);
    const audit = await db
      .selectFrom('audit_trail')
      .select(['action', 'user_id'])
      .where('action', 'like', `%withdrew review link ${newest?.id} %`)
      .execute();
    expect(audit).toEqual([{ action: expect.stringContaining(`video ${video}`), user_id: owner.id }]);
  });

  it("cannot be listed nor withdrawn by another company's user, and keeps working", async () => {
    const token = await newLink();
    const [link] = await linksOf();

    const listed = await intruderCalls.query('comments.reviewLinks', { videoId: video });
    expect(listed.status).toBe(404);
    expect(listed.data).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain('withdrawer');

    const withdrawn = await intruderCalls.mutation('comments.withdrawReviewLink', { id: link?.id });
    expect(withdrawn.status).toBe(404);
    expect(withdrawn.data).toBeUndefined();

    expect((await anyone.query('review.open', { token })).status).toBe(200);
    expect((await linksOf()).map((live) => live.id)).toContain(link?.id);
  });
});

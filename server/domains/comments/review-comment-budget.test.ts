import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { COMMENT_TEXTS, MAX_REVIEW_COMMENTS_PER_VIDEO } from '../../../shared/schemas/comments';
import { signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { finishedVideo, tokenOfReviewUrl } from '../../../test/support/review-links';

/**
 * A comment through a review link is a write anyone holding the link can make: it is budgeted by the
 * client address that sends it and by the link it goes through, each an hour, and a video holds at
 * most MAX_REVIEW_COMMENTS_PER_VIDEO of them. Past a limit, nothing is written.
 */
const PER_LINK = 3;
const PER_ADDRESS = 2;
const { app, call, db } = await testApp({
  RATE_LIMIT_REVIEW_COMMENTS_PER_LINK: String(PER_LINK),
  RATE_LIMIT_REVIEW_COMMENTS_PER_ADDRESS: String(PER_ADDRESS),
});
const owner = await signedUpUser(call, 'budgeted');
const ownerCalls = testCaller(app, owner.token);
const video = await finishedVideo(db, owner, 'budgeted-talk', 'Budgeted words');

async function newLink(videoId = video) {
  const made = await ownerCalls.mutation('comments.createReviewLink', { videoId });
  expect(made.status).toBe(200);
  return tokenOfReviewUrl(made.data.url);
}

let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `10.77.${addresses}.5`;
};

/** review.addComment from `ip`, without an account: its status, Retry-After and error message. */
async function comment(token: string, ip: string, body: string, name = 'Guest') {
  const response = await app.inject({
    method: 'POST',
    url: '/trpc/review.addComment',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token, cueId: 'cue-1', startMs: 0, endMs: 1500, body, name }),
  });
  const answer = response.json();
  return {
    status: response.statusCode,
    retryAfter: response.headers['retry-after'],
    message: answer.error?.message as string | undefined,
  };
}

const stored = async (body: string) =>
  (await db.selectFrom('cue_comments').select('id').where('body', 'like', body).execute()).length;

describe('comments through a review link', () => {
  it('are budgeted per client address: past it, 429 in plain words with Retry-After, nothing written; another address goes on', async () => {
    const token = await newLink();
    const ip = newAddress();
    for (let n = 0; n < PER_ADDRESS; n++)
      expect((await comment(token, ip, `by-address-${n}`)).status).toBe(200);
    const refused = await comment(token, ip, 'by-address-refused');
    expect(refused.status).toBe(429);
    expect(refused.message).toBe('Too many requests. Please try again in 60 minutes.');
    expect(Number(refused.retryAfter)).toBeGreaterThan(3500);
    expect(await stored('by-address-refused')).toBe(0);
    // Another link from the same address is refused too: the budget is the address's.
    expect((await comment(await newLink(), ip, 'by-address-refused')).status).toBe(429);
    expect(await stored('by-address-refused')).toBe(0);
    // Another address through the same link is not.
    expect((await comment(token, newAddress(), 'by-another-address')).status).toBe(200);
    expect(await stored('by-another-address')).toBe(1);
  });

  it('are budgeted per link, whatever addresses send them; another link goes on', async () => {
    const token = await newLink();
    for (let n = 0; n < PER_LINK; n++)
      expect((await comment(token, newAddress(), `by-link-${n}`)).status).toBe(200);
    const refused = await comment(token, newAddress(), 'by-link-refused');
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await stored('by-link-refused')).toBe(0);
    expect((await comment(await newLink(), newAddress(), 'by-other-link')).status).toBe(200);
    expect(await stored('by-other-link')).toBe(1);
  });

  it('are held to a length the server checks: a name of 60 characters, a body of 2000, nothing kept past them', async () => {
    const token = await newLink();
    const longName = await comment(token, newAddress(), 'long-name', 'n'.repeat(61));
    expect(longName.status).toBe(400);
    expect(longName.message).toContain(COMMENT_TEXTS.nameTooLong);
    const longBody = await comment(token, newAddress(), `long-body${'b'.repeat(2000)}`);
    expect(longBody.status).toBe(400);
    expect(longBody.message).toContain(COMMENT_TEXTS.tooLong);
    expect(await stored('long-%')).toBe(0);
  });

  it(`are at most ${MAX_REVIEW_COMMENTS_PER_VIDEO} on a video; the team's own comments go on`, async () => {
    const full = await finishedVideo(db, owner, 'full-talk', 'Full words');
    await sql`
      insert into cue_comments (video_id, cue_id, start_ms, end_ms, body, guest_name)
      select ${full}, 'cue-1', 0, 1500, 'filler', 'Earlier guest'
      from generate_series(1, ${MAX_REVIEW_COMMENTS_PER_VIDEO - 1})`.execute(db);
    const token = await newLink(full);
    expect((await comment(token, newAddress(), 'the-last-one')).status).toBe(200);
    const refused = await comment(token, newAddress(), 'one-too-many');
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(COMMENT_TEXTS.videoFull);
    expect(await stored('one-too-many')).toBe(0);
    const team = await ownerCalls.mutation('comments.add', {
      videoId: full,
      cueId: 'cue-1',
      startMs: 0,
      endMs: 1500,
      body: 'team-still-comments',
    });
    expect(team.status).toBe(200);
  });

  it('hold the cap against comments sent at once', async () => {
    const crowded = await finishedVideo(db, owner, 'crowded-talk', 'Crowded words');
    await sql`
      insert into cue_comments (video_id, cue_id, start_ms, end_ms, body, guest_name)
      select ${crowded}, 'cue-1', 0, 1500, 'filler', 'Earlier guest'
      from generate_series(1, ${MAX_REVIEW_COMMENTS_PER_VIDEO - 1})`.execute(db);
    const tokens: string[] = [];
    for (let n = 0; n < 4; n++) tokens.push(await newLink(crowded));
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, n) => comment(tokens[n % 4] ?? '', newAddress(), `at-once-${n}`)),
    );
    expect(statuses.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await stored('at-once-%')).toBe(1);
  });
});

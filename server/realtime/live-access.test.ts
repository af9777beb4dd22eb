import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, signedUpUser, testApp, testCaller } from '../../test/support/http';
import { isEventOfVideo, type SseSubscription, subscribe, untilLive } from '../../test/support/sse-client';
import { LIVE_ACCESS_ENDED } from '../app/events-router';
import { publishEvent } from './event-hub';

/**
 * A live stream (tRPC subscription over SSE, a real HTTP connection) lasts only as long as the
 * credential and the membership it was opened with. The app's hub rechecks every 30 s: the first
 * tests end within seconds, so they prove the push; the last uses a hub that rechecks often, with
 * nothing pushed, to prove the safety net.
 */
const pushed = await testApp();
const rechecked = await testApp({}, { liveRecheckMs: 200 });

async function streamUrl(app: typeof pushed.app) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app is not listening');
  return `http://127.0.0.1:${address.port}/trpc/events.company`;
}
afterAll(async () => {
  await pushed.app.close();
  await rechecked.app.close();
});

let nextVideoId = 800_000;

/** Opens a stream as `token` and publishes the company's events until it hears one: it is then live. */
async function liveStream(opened: typeof pushed, token: string, companyId: number) {
  const stream = await subscribe(await streamUrl(opened.app), { authorization: `Bearer ${token}` });
  nextVideoId += 1;
  const videoId = nextVideoId;
  await untilLive(
    stream,
    () => publishEvent(opened.db, { type: 'video', companyId, videoId }),
    isEventOfVideo(videoId),
    { attempts: 21, waitMs: 500 },
  );
  return stream;
}

/** The stream says why it ended, ends, and hears nothing of the company afterwards. */
async function expectEnded(opened: typeof pushed, stream: SseSubscription, companyId: number) {
  const refusal = await stream.next((event) => event.event === 'serialized-error', 10_000);
  expect(refusal.data).toContain('"code":"UNAUTHORIZED"');
  expect(refusal.data).toContain(LIVE_ACCESS_ENDED);
  await stream.ended;
  nextVideoId += 1;
  await publishEvent(opened.db, { type: 'video', companyId, videoId: nextVideoId });
  await expect(stream.next((event) => event.event === 'message', 300)).rejects.toThrow('no event');
}

async function tokenOf(opened: typeof pushed, sessionToken: string) {
  const created = await testCaller(opened.app, sessionToken).mutation('apiTokens.create', {
    name: 'Live script',
    expiresInDays: null,
  });
  return created.data as { id: number; token: string };
}

describe('a live event stream', () => {
  it('opened with an API token ends as soon as the token is revoked', async () => {
    const user = await signedUpUser(pushed.call, 'liverevoke');
    const companyId = user.companyId ?? 0;
    const { id, token } = await tokenOf(pushed, user.token);
    const stream = await liveStream(pushed, token, companyId);
    try {
      expect((await testCaller(pushed.app, user.token).mutation('apiTokens.revoke', { id })).status).toBe(
        200,
      );
      await expectEnded(pushed, stream, companyId);
    } finally {
      stream.close();
    }
  });

  it('opened with a token or a login session ends as soon as the user is removed from the company', async () => {
    const user = await signedUpUser(pushed.call, 'liveremoved');
    const companyId = user.companyId ?? 0;
    const { token } = await tokenOf(pushed, user.token);
    const streams = [
      await liveStream(pushed, token, companyId),
      await liveStream(pushed, user.token, companyId),
    ];
    try {
      const admin = await adminToken(pushed.call);
      const out = await pushed.call('PUT', `/api/users/${user.id}`, { token: admin, body: { company: 0 } });
      expect(out.status).toBe(200);
      for (const stream of streams) await expectEnded(pushed, stream, companyId);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('ends when the user is moved to another company, though their session goes on', async () => {
    const user = await signedUpUser(pushed.call, 'livemoved');
    const elsewhere = await signedUpUser(pushed.call, 'liveelsewhere');
    const companyId = user.companyId ?? 0;
    const stream = await liveStream(pushed, user.token, companyId);
    try {
      const admin = await adminToken(pushed.call);
      const moved = await pushed.call('PUT', `/api/users/${user.id}`, {
        token: admin,
        body: { company: elsewhere.companyId },
      });
      expect(moved.status).toBe(200);
      await expectEnded(pushed, stream, companyId);
      expect((await pushed.call('GET', '/api/users/me', { token: user.token })).status).toBe(200);
    } finally {
      stream.close();
    }
  });

  it('goes on when the access it was opened with still holds (its own password change)', async () => {
    const user = await signedUpUser(pushed.call, 'livekept');
    const companyId = user.companyId ?? 0;
    const stream = await liveStream(pushed, user.token, companyId);
    try {
      const changed = await testCaller(pushed.app, user.token).mutation('auth.updateProfile', {
        password: 'Changed-pass1!',
      });
      expect(changed.status).toBe(200);
      // Published after the change's announcement: the stream that survived the check hears it.
      nextVideoId += 1;
      await publishEvent(pushed.db, { type: 'video', companyId, videoId: nextVideoId });
      await stream.next(isEventOfVideo(nextVideoId), 5000);
    } finally {
      stream.close();
    }
  });

  it('ends within its recheck when the session ends with nothing announced (the safety net)', async () => {
    const user = await signedUpUser(rechecked.call, 'livenet');
    const companyId = user.companyId ?? 0;
    const stream = await liveStream(rechecked, user.token, companyId);
    try {
      await rechecked.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await expectEnded(rechecked, stream, companyId);
    } finally {
      stream.close();
    }
  });
});

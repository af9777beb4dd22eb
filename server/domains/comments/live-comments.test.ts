import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import {
  isEventOfVideo,
  type ReceivedEvent,
  type SseSubscription,
  subscribe,
  untilLive,
} from '../../../test/support/sse-client';
import { publishEvent } from '../../realtime/event-hub';
import { insertVideo } from '../uploads/repo';

/**
 * Comments arrive live (issue 39): an addition or a resolution is pushed over the company's event
 * stream (a real SSE connection) to its other users at once, and to no one of another company.
 */
const { app, call, db } = await testApp();
afterAll(() => app.close());
const admin = await adminToken(call);
const owner = await signedUpUser(call, 'liveauthor');
const teammate = await signedUpUser(call, 'liveteammate', false);
await call('PUT', `/api/users/${teammate.id}`, {
  token: admin,
  body: { data: { company: owner.companyId } },
});
const stranger = await signedUpUser(call, 'livestranger');
const companyId = owner.companyId ?? 0;

const videoId = await insertVideo(db, {
  companyId,
  createdBy: owner.id,
  mode: 'hardcode',
  filename: 'live-review.mp4',
  title: 'live review',
  description: '',
  rso: null,
  inLan: null,
  outLan: null,
  durationSeconds: 10,
  priceCents: 10,
  sourceKey: 'videos/live-review/source.mp4',
  audioStartMs: 0,
  srtStatus: 'completed',
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('the test app is not listening');
const streamUrl = `http://127.0.0.1:${address.port}/trpc/events.company`;

let warmUpVideo = 950_000;
/** A stream of `token`'s company, heard once: from then on it receives what the company is sent. */
async function liveStream(token: string, ofCompany: number): Promise<SseSubscription> {
  const stream = await subscribe(streamUrl, { authorization: `Bearer ${token}` });
  warmUpVideo += 1;
  const marker = warmUpVideo;
  await untilLive(
    stream,
    () => publishEvent(db, { type: 'video', companyId: ofCompany, videoId: marker }),
    isEventOfVideo(marker),
    { attempts: 21, waitMs: 500 },
  );
  return stream;
}

const isComment = (change: string) => (event: ReceivedEvent) =>
  event.event === 'message' &&
  event.data.includes('"type":"comment"') &&
  event.data.includes(`"change":"${change}"`) &&
  isEventOfVideo(videoId)(event);

describe('a comment on a cue, live', () => {
  it("reaches a teammate's open stream when added, resolved and removed, and nothing of it reaches another company", async () => {
    const streams = {
      teammate: await liveStream(teammate.token, companyId),
      stranger: await liveStream(stranger.token, stranger.companyId ?? 0),
    };
    const heardByStranger: string[] = [];
    try {
      const added = await testCaller(app, owner.token).mutation('comments.add', {
        videoId,
        cueId: 'cue-1',
        startMs: 0,
        endMs: 1500,
        body: 'Live words',
      });
      expect(added.status).toBe(200);
      const addedEvent = await streams.teammate.next(isComment('added'), 5000);
      expect(JSON.parse(addedEvent.data)).toEqual({ type: 'comment', companyId, videoId, change: 'added' });

      const resolved = await testCaller(app, teammate.token).mutation('comments.resolve', {
        id: added.data.id,
      });
      expect(resolved.status).toBe(200);
      await streams.teammate.next(isComment('resolved'), 5000);

      const removed = await testCaller(app, owner.token).mutation('comments.remove', { id: added.data.id });
      expect(removed.status).toBe(200);
      await streams.teammate.next(isComment('removed'), 5000);

      // Published after both comment events: the stranger's own event arrives with nothing before it.
      warmUpVideo += 1;
      const own = warmUpVideo;
      await publishEvent(db, { type: 'video', companyId: stranger.companyId ?? 0, videoId: own });
      await streams.stranger.next((event) => {
        heardByStranger.push(event.data);
        return isEventOfVideo(own)(event);
      }, 5000);
      const heard = heardByStranger.join('\n');
      expect(heard).not.toContain('"type":"comment"');
      expect(heard).not.toContain(`"companyId":${companyId}`);
      expect(heard).not.toContain(`"videoId":${videoId}`);
    } finally {
      streams.teammate.close();
      streams.stranger.close();
    }
  });

  it("reaches a teammate's open stream when someone comments through a review link", async () => {
    const stream = await liveStream(teammate.token, companyId);
    try {
      const link = await testCaller(app, owner.token).mutation('comments.createReviewLink', { videoId });
      const token = String(link.data.url).split('/review/')[1];
      const added = await testCaller(app).mutation('review.addComment', {
        token,
        cueId: 'cue-1',
        startMs: 0,
        endMs: 1500,
        body: 'From the client',
        name: 'Client',
      });
      expect(added.status).toBe(200);
      await stream.next(isComment('added'), 5000);
    } finally {
      stream.close();
    }
  });

  it("pushes nothing when another company's user tries to comment, resolve or remove", async () => {
    const kept = await testCaller(app, owner.token).mutation('comments.add', {
      videoId,
      cueId: 'cue-1',
      startMs: 0,
      endMs: 1500,
      body: 'Kept words',
    });
    const stream = await liveStream(teammate.token, companyId);
    try {
      const strangerCalls = testCaller(app, stranger.token);
      const body = { videoId, cueId: 'cue-1', startMs: 0, endMs: 1500, body: 'intruder' };
      expect((await strangerCalls.mutation('comments.add', body)).status).toBe(404);
      expect((await strangerCalls.mutation('comments.resolve', { id: kept.data.id })).status).toBe(404);
      expect((await strangerCalls.mutation('comments.remove', { id: kept.data.id })).status).toBe(404);
      warmUpVideo += 1;
      const own = warmUpVideo;
      await publishEvent(db, { type: 'video', companyId, videoId: own });
      const heard: string[] = [];
      await stream.next((event) => {
        heard.push(event.data);
        return isEventOfVideo(own)(event);
      }, 5000);
      expect(heard.join('\n')).not.toContain('"type":"comment"');
    } finally {
      stream.close();
    }
  });
});

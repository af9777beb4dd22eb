import { afterAll, describe, expect, it } from 'vitest';
import { publishEvent } from '../../server/realtime/event-hub';
import { recordFigure } from '../support/figures';
import { testApp } from '../support/http';
import {
  isEventOfVideo,
  type ReceivedEvent,
  type SseSubscription,
  subscribe,
  untilLive,
} from '../support/sse-client';
import { openIsolationMatrix, VICTIM_DRAFT } from './isolation-matrix';

/**
 * Every REST route and tRPC procedure, enumerated from the running app, is called by three
 * intruders: an anonymous visitor, a user of another company, and (for admin paths) a plain user.
 * Each call must get the answer written for it in the matrix (isolation-matrix.ts), answer nothing of
 * the victim company's data and leave its rows as they were. A route the matrix does not know how to
 * call fails the suite, so a new route cannot go untested; isolation-mutations.test.ts proves that
 * removing any company guard makes this fail.
 */
const opened = await testApp({ METRICS_TOKEN: 'isolation-metrics-token-0123' });
const { app, call, db } = opened;
afterAll(() => app.close());
const matrix = await openIsolationMatrix(opened);
const { victim, ids, intruder, intruderToken } = matrix;

/** Publishes an event of the company until the stream hears it: the stream is then live. */
function untilHeard(stream: SseSubscription, companyId: number, videoId: number) {
  const publish = () => publishEvent(db, { type: 'video', companyId, videoId });
  return untilLive(stream, publish, isEventOfVideo(videoId), { attempts: 21, waitMs: 500 });
}

/** Routes that refused an anonymous caller and another company's user, or answered no foreign data. */
const ISOLATED = 'routes proven isolated (anonymous, other company, non-admin)';

describe('the isolation matrix', () => {
  it('knows how to call every REST route and every tRPC procedure', () => {
    expect(matrix.unknown()).toEqual([]);
    recordFigure(
      'routes in the isolation matrix',
      matrix.restRoutes.length + matrix.procedures.length,
      `${matrix.restRoutes.length} REST routes, ${matrix.procedures.length} tRPC procedures`,
    );
  });

  it.each(matrix.routes)('%s answers intruders as the matrix says, with no foreign data', async (route) => {
    expect(await matrix.attack(route)).toEqual([]);
    recordFigure(ISOLATED, 1);
  });

  it('refuses the live event stream to anonymous callers inside the stream, and closes it', async () => {
    const response = await app.inject({ method: 'GET', url: '/trpc/events.company' });
    // tRPC answers SSE subscriptions with 200 and reports the refusal as the stream's error event.
    expect(response.body).toContain('event: serialized-error');
    expect(response.body).toContain('"code":"UNAUTHORIZED"');
    expect(response.body).not.toMatch(/^data: \{"type"/m);
  });

  it("streams another company's user only its own company's events, never the victim's", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app is not listening');
    const url = `http://127.0.0.1:${address.port}/trpc/events.company`;
    const intruderCompany = intruder.companyId ?? 0;
    const streams = {
      victim: await subscribe(url, { authorization: `Bearer ${victim.token}` }),
      intruder: await subscribe(url, { authorization: `Bearer ${await intruderToken()}` }),
    };
    const seenByIntruder: string[] = [];
    const videoEvent = (videoId: number) => (event: ReceivedEvent) => {
      if (event.event !== 'message') return false;
      seenByIntruder.push(event.data);
      return isEventOfVideo(videoId)(event);
    };
    try {
      // A stream hears events from when the server has subscribed it: warm both up with their own.
      await untilHeard(streams.victim, ids.company, 900_001);
      await untilHeard(streams.intruder, intruderCompany, 900_002);
      seenByIntruder.length = 0;

      await publishEvent(db, { type: 'video', companyId: ids.company, videoId: 900_003 });
      await publishEvent(db, { type: 'video', companyId: intruderCompany, videoId: 900_004 });
      await streams.victim.next(isEventOfVideo(900_003), 5000);
      // Events reach each stream in the order they were published: the intruder's own one, sent
      // after the victim's, arrives with nothing of the victim's before it.
      await streams.intruder.next(videoEvent(900_004), 5000);
      expect(seenByIntruder.join('\n')).not.toContain(`"companyId":${ids.company}`);
      expect(seenByIntruder.join('\n')).not.toContain('900003');
    } finally {
      streams.victim.close();
      streams.intruder.close();
    }
    recordFigure(ISOLATED, 1);
  });

  it('left the victim company exactly as it was', async () => {
    const company = await call('GET', '/api/company/my', { token: victim.token });
    expect(company.body.data[0].attributes).toMatchObject({ name: 'victim company', credits: 42 });
    const video = await call('GET', `/api/upload-logs?filters[id]=${ids.video}`, { token: victim.token });
    expect(video.body.data[0].attributes).toMatchObject({ filename: 'victim-secret.mp4', revisions: 0 });
    const drafts = await db.selectFrom('subtitle_drafts').select(['video_id', 'cues', 'revision']).execute();
    expect(drafts).toEqual([{ video_id: ids.video, cues: VICTIM_DRAFT, revision: 1 }]);
    const versions = await db
      .selectFrom('subtitle_versions')
      .select('srt_content')
      .where('video_id', '=', ids.video)
      .where('language', '=', '')
      .execute();
    expect(versions.map((version) => version.srt_content)).toEqual([
      '1\n00:00:00,000 --> 00:00:01,000\nvictim subtitles\n',
    ]);
    expect((await call('GET', `/api/messages/${ids.message}`, { token: victim.token })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: victim.token })).body.company).toBe(ids.company);
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { insertSubtitleVersion, insertVideo } from '../../server/domains/videos/repo';
import { publishEvent } from '../../server/realtime/event-hub';
import { appRouter } from '../../server/trpc/router';
import { recordFigure } from '../support/figures';
import { adminToken, signedUpUser, testApp } from '../support/http';
import { multipartBody } from '../support/multipart';
import {
  isEventOfVideo,
  type ReceivedEvent,
  type SseSubscription,
  subscribe,
  untilLive,
} from '../support/sse-client';

/**
 * Every REST route and tRPC procedure, enumerated from the running app, is called by three
 * intruders: an anonymous visitor, a user of another company, and (for admin paths) a plain user.
 * Each attempt must be refused or answer none of the victim company's data. A route the matrix
 * does not know how to call fails the suite, so a new route cannot go untested.
 */
const { app, routes, call, db } = await testApp();
afterAll(() => app.close());
const admin = await adminToken(call);
const victim = await signedUpUser(call, 'victim');
const intruder = await signedUpUser(call, 'intruder');
const MARKERS = [
  'victim company',
  'victim-secret.mp4',
  'victim-message',
  victim.email,
  'victim subtitles',
  'victim draft',
];

await call('PUT', `/api/companies/${victim.companyId}`, { token: admin, body: { data: { credits: 42 } } });
const message = await call('POST', '/api/messages', {
  token: admin,
  body: { data: { title: 'victim-message', message: 'for the victim only', company: victim.companyId } },
});
const victimIds = {
  company: victim.companyId ?? 0,
  user: victim.id,
  message: message.body.data.id as number,
  video: 0,
};
victimIds.video = await insertVideo(db, {
  companyId: victimIds.company,
  createdBy: victim.id,
  mode: 'hardcode',
  filename: 'victim-secret.mp4',
  title: 'victim',
  description: '',
  rso: null,
  inLan: null,
  outLan: null,
  durationSeconds: 10,
  priceCents: 10,
  sourceKey: 'videos/victim/source.mp4',
  audioStartMs: 0,
  srtStatus: 'completed',
});
await insertSubtitleVersion(db, {
  videoId: victimIds.video,
  version: 0,
  origin: 'uploaded',
  name: 'v.srt',
  srt: '1\n00:00:00,000 --> 00:00:01,000\nvictim subtitles\n',
});
const victimVersion = await db
  .selectFrom('subtitle_versions')
  .select('id')
  .where('video_id', '=', victimIds.video)
  .executeTakeFirstOrThrow();
// The victim's editor draft: another company can neither read, overwrite nor discard it.
const VICTIM_DRAFT = [{ startMs: 0, endMs: 1000, text: 'victim draft' }];
await db
  .insertInto('subtitle_drafts')
  .values({
    video_id: victimIds.video,
    cues: JSON.stringify(VICTIM_DRAFT),
    base_version: 0,
    updated_by: victim.id,
  })
  .execute();
await db
  .updateTable('videos')
  .set({ hardcoded_status: 'completed', hardcoded_key: 'videos/victim/hardcoded.mp4' })
  .where('id', '=', victimIds.video)
  .execute();

type Access = 'public' | 'user' | 'admin';
interface Attempt {
  access: Access;
  url: string;
  body?: unknown;
  multipart?: boolean;
}

const ids = victimIds;
const srt = {
  name: 'file',
  filename: 'x.srt',
  content: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nx\n'),
};

/** How to attack each REST route with the victim's ids. */
const REST: Record<string, Attempt> = {
  'GET /api/health': { access: 'public', url: '/api/health' },
  'POST /api/auth/local': {
    access: 'public',
    url: '/api/auth/local',
    body: { identifier: victim.email, password: 'wrong-Pass1!' },
  },
  'POST /api/auth/local/register': {
    access: 'public',
    url: '/api/auth/local/register',
    body: { username: 'x', email: victim.email, password: 'Secret-pass1!' },
  },
  'GET /api/users': { access: 'admin', url: '/api/users' },
  'GET /api/users/me': { access: 'user', url: '/api/users/me' },
  'PUT /api/users/me': { access: 'user', url: '/api/users/me', body: { company: ids.company } },
  'PUT /api/users/:id': { access: 'admin', url: `/api/users/${ids.user}`, body: { company: 0 } },
  'DELETE /api/users/:id': { access: 'admin', url: `/api/users/${ids.user}` },
  'GET /api/companies': { access: 'admin', url: '/api/companies' },
  'POST /api/companies': {
    access: 'public',
    url: '/api/companies',
    body: { data: { name: 'x', address: 'y', credits: 100, admin: [ids.user] } },
  },
  'GET /api/companies/:id': { access: 'user', url: `/api/companies/${ids.company}` },
  'PUT /api/companies/:id': {
    access: 'user',
    url: `/api/companies/${ids.company}`,
    body: { data: { name: 'pwned', credits: 9999 } },
  },
  'DELETE /api/companies/:id': { access: 'admin', url: `/api/companies/${ids.company}` },
  'GET /api/company/my': { access: 'user', url: '/api/company/my' },
  'GET /api/audit-trails': { access: 'admin', url: '/api/audit-trails' },
  'POST /api/audit-trails': {
    access: 'public',
    url: '/api/audit-trails',
    body: { data: { user: ids.user, action: 'x' } },
  },
  'GET /api/prices': { access: 'public', url: '/api/prices' },
  'GET /api/conversions': { access: 'admin', url: '/api/conversions' },
  'GET /api/conversions/:id': { access: 'admin', url: '/api/conversions/1' },
  'PUT /api/conversion/:id': { access: 'admin', url: '/api/conversion/1', body: { data: { rate: 2 } } },
  'POST /api/checkout-session': {
    access: 'user',
    url: '/api/checkout-session',
    body: { data: { quantity: 5, clientReferenceId: ids.company } },
  },
  'POST /api/stripe/webhook': {
    access: 'public',
    url: '/api/stripe/webhook',
    body: { type: 'checkout.session.completed' },
  },
  'GET /api/contents': { access: 'public', url: '/api/contents' },
  'GET /api/contents/:id': { access: 'public', url: '/api/contents/1' },
  'PUT /api/contents/:id': {
    access: 'admin',
    url: '/api/contents/1',
    body: { data: { title: 'x', html: '<p>x</p>' } },
  },
  'GET /api/messages/myCompany': {
    access: 'user',
    url: '/api/messages/myCompany?page=1&pageSize=5&admin=true',
  },
  'GET /api/messages/:id': { access: 'user', url: `/api/messages/${ids.message}` },
  'POST /api/messages': {
    access: 'admin',
    url: '/api/messages',
    body: { data: { title: 't', message: 'm', company: ids.company } },
  },
  'DELETE /api/messages/:id': { access: 'admin', url: `/api/messages/${ids.message}` },
  'POST /api/upload-log': { access: 'user', url: '/api/upload-log', multipart: true },
  'POST /api/upload-log/hc': { access: 'user', url: '/api/upload-log/hc', multipart: true },
  'POST /api/upload-srt': { access: 'user', url: '/api/upload-srt', multipart: true },
  'GET /api/upload-logs': { access: 'user', url: `/api/upload-logs?filters[id]=${ids.video}` },
  'GET /api/upload-logs/count': { access: 'user', url: '/api/upload-logs/count' },
  'GET /api/upload-logs/my-company-video': {
    access: 'user',
    url: `/api/upload-logs/my-company-video?id=${ids.video}`,
  },
  'GET /api/upload-logs/my-company-videos-:sort': {
    access: 'user',
    url: '/api/upload-logs/my-company-videos-desc?page=1&pageSize=12',
  },
  'GET /api/srts': { access: 'user', url: `/api/srts?filters[video_id]=${ids.video}` },
  'GET /api/download-hardcoded-url': {
    access: 'user',
    url: `/api/download-hardcoded-url?id=${ids.video}&video_name=x.mp4`,
  },
  'GET /api/subtitle-file': { access: 'user', url: `/api/subtitle-file?id=${ids.video}&format=txt` },
  'GET /api/files/:token': { access: 'public', url: '/api/files/forged.token' },
  'GET /api/showcase/:id/:file.mp4': { access: 'public', url: '/api/showcase/1/original.mp4' },
  'GET /api/subtitle-fonts/:name': { access: 'public', url: '/api/subtitle-fonts/NotoSans_500Medium.ttf' },
  'GET /api/editor-media/:token': { access: 'public', url: '/api/editor-media/forged.token' },
};

type ProcedureAttempt = { access: Access; input?: unknown };

/** How to attack each tRPC procedure. */
const TRPC: Record<string, ProcedureAttempt> = {
  'health.check': { access: 'public' },
  'health.engines': { access: 'admin' },
  'auth.signup': {
    access: 'public',
    input: {
      username: 'x',
      email: victim.email,
      password: 'Secret-pass1!',
      passwordRetype: 'Secret-pass1!',
      terms: true,
      existingCompany: true,
      suggestion: 'x',
    },
  },
  'auth.login': { access: 'public', input: { email: victim.email, password: 'Wrong-pass1!' } },
  'auth.logout': { access: 'user' },
  'auth.me': { access: 'user' },
  'auth.updateProfile': { access: 'user', input: { username: 'renamed' } },
  'users.list': { access: 'admin', input: {} },
  'users.withoutCompany': { access: 'admin' },
  'users.assignCompany': {
    access: 'admin',
    input: { userId: ids.user, companyId: ids.company, transfer: true },
  },
  'users.resetPassword': { access: 'admin', input: { userId: ids.user, password: 'Pwned-pass1!' } },
  'users.setPrivateCredits': { access: 'admin', input: { userId: ids.user, credits: 1 } },
  'users.delete': { access: 'admin', input: { userId: ids.user } },
  'companies.list': { access: 'admin', input: {} },
  'companies.all': { access: 'admin' },
  'companies.get': { access: 'user', input: { id: ids.company } },
  'companies.my': { access: 'user' },
  'companies.create': { access: 'admin', input: { name: 'x', address: 'y', credits: 5 } },
  'companies.update': {
    access: 'user',
    input: { id: ids.company, name: 'pwned', address: 'x', credits: 9999 },
  },
  'companies.delete': { access: 'admin', input: { id: ids.company } },
  'companies.adjustCredits': { access: 'admin', input: { id: ids.company, euros: 5, reason: 'Stolen' } },
  'companies.ledger': { access: 'user', input: { id: ids.company } },
  'audit.list': { access: 'admin', input: {} },
  'billing.prices': { access: 'public' },
  'billing.updatePrice': { access: 'admin', input: { product: 'price_per_minute', euros: 0 } },
  'billing.paymentsEnabled': { access: 'public' },
  'billing.checkout': { access: 'user', input: { quantity: 5 } },
  'billing.conversions': { access: 'admin' },
  'billing.conversion': { access: 'admin', input: { id: 1 } },
  'billing.updateConversion': { access: 'admin', input: { id: 1, name: 'x', currency: 'XXX', rate: 9 } },
  'content.page': { access: 'public', input: { page: 'home' } },
  'content.list': { access: 'admin' },
  'content.get': { access: 'admin', input: { id: 1 } },
  'content.update': { access: 'admin', input: { id: 1, title: 'x', html: '<p>x</p>' } },
  'content.toReview': { access: 'admin' },
  'siteLinks.list': { access: 'public' },
  'siteLinks.saved': { access: 'admin' },
  'siteLinks.update': { access: 'admin', input: { community: 'https://pwned.test' } },
  'showcase.list': { access: 'public' },
  'showcase.candidates': { access: 'admin' },
  'showcase.publish': {
    access: 'admin',
    input: { videoId: ids.video, placement: 'carousel', title: 'pwned', ownerConsent: true },
  },
  'showcase.unpublish': { access: 'admin', input: { id: 1 } },
  'messages.list': { access: 'user', input: { page: 1, pageSize: 5, allCompanies: true } },
  'messages.get': { access: 'user', input: { id: ids.message } },
  'messages.create': { access: 'admin', input: { title: 't', message: 'm', company: ids.company } },
  'messages.delete': { access: 'admin', input: { id: ids.message } },
  'messages.unread': { access: 'user' },
  'messages.markSeen': { access: 'user' },
  'videos.capabilities': { access: 'public' },
  'videos.speech': { access: 'public' },
  'videos.list': { access: 'user', input: {} },
  'videos.get': { access: 'user', input: { id: ids.video } },
  'videos.count': { access: 'user' },
  'videos.subtitles': { access: 'user', input: { id: ids.video } },
  'videos.export': { access: 'user', input: { id: ids.video, format: 'vtt' } },
  'videos.downloadUrl': { access: 'user', input: { id: ids.video } },
  'videos.refund': { access: 'admin', input: { id: ids.video } },
  'videos.failed': { access: 'admin' },
  'videos.retry': { access: 'admin', input: { id: ids.video } },
  'editor.open': { access: 'user', input: { id: ids.video } },
  'editor.peaks': { access: 'user', input: { id: ids.video } },
  'editor.version': { access: 'user', input: { id: ids.video, versionId: victimVersion.id } },
  'editor.saveDraft': {
    access: 'user',
    input: { id: ids.video, cues: [{ startMs: 0, endMs: 1000, text: 'pwned' }], revision: 1 },
  },
  'editor.discardDraft': { access: 'user', input: { id: ids.video } },
  'editor.saveAndBurnIn': { access: 'user', input: { id: ids.video, revision: 1 } },
  'events.company': { access: 'user' },
};

/** A fresh session per attempt: an attempt such as auth.logout must not spoil the next one. */
async function intruderToken() {
  const login = await call('POST', '/api/auth/local', {
    body: { identifier: intruder.email, password: intruder.password },
    ip: '10.201.0.1',
  });
  return login.body.jwt as string;
}

/** Publishes an event of the company until the stream hears it: the stream is then live. */
function untilHeard(stream: SseSubscription, companyId: number, videoId: number) {
  const publish = () => publishEvent(db, { type: 'video', companyId, videoId });
  return untilLive(stream, publish, isEventOfVideo(videoId), { attempts: 21, waitMs: 500 });
}

const leaks = (body: string) => MARKERS.filter((marker) => body.toLowerCase().includes(marker.toLowerCase()));

async function restAttempt(method: string, attempt: Attempt, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let payload: string | Buffer | undefined =
    attempt.body === undefined ? undefined : JSON.stringify(attempt.body);
  if (payload) headers['content-type'] = 'application/json';
  if (attempt.multipart) {
    const form = multipartBody([{ name: 'id', value: String(ids.video) }, srt]);
    payload = form.body;
    headers['content-type'] = form.contentType;
  }
  const response = await app.inject({
    method: method as 'GET',
    url: attempt.url,
    headers,
    payload,
    remoteAddress: '10.200.0.1',
  });
  return { status: response.statusCode, body: response.body };
}

async function trpcAttempt(path: string, type: string, attempt: ProcedureAttempt, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const input =
    attempt.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(attempt.input))}`;
  const response =
    type === 'mutation'
      ? await app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(attempt.input ?? {}),
          remoteAddress: '10.200.0.2',
        })
      : await app.inject({
          method: 'GET',
          url: `/trpc/${path}${input}`,
          headers,
          remoteAddress: '10.200.0.2',
        });
  return { status: response.statusCode, body: response.body };
}

const restRoutes = routes
  .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
  .map((route) => `${route.method} ${route.url}`);
const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
).map(([path, procedure]) => ({ path, type: procedure._def.type }));

/** Routes that refused an anonymous caller and another company's user, or answered no foreign data. */
const ISOLATED = 'routes proven isolated (anonymous, other company, non-admin)';

describe('the isolation matrix', () => {
  it('knows how to call every REST route and every tRPC procedure', () => {
    expect(restRoutes.filter((route) => !REST[route])).toEqual([]);
    expect(procedures.filter(({ path }) => !TRPC[path]).map(({ path }) => path)).toEqual([]);
    recordFigure(
      'routes in the isolation matrix',
      restRoutes.length + procedures.length,
      `${restRoutes.length} REST routes, ${procedures.length} tRPC procedures`,
    );
  });

  it.each(restRoutes)('%s refuses intruders or answers no foreign data', async (route) => {
    const [method = 'GET'] = route.split(' ');
    const attempt = REST[route];
    if (!attempt) throw new Error(`no attempt for ${route}`);
    for (const [who, token] of [
      ['anonymous', undefined],
      ['other company', await intruderToken()],
    ] as const) {
      const answer = await restAttempt(method, attempt, token);
      const refused = answer.status >= 400;
      if (attempt.access !== 'public' && who === 'anonymous')
        expect(answer.status, `${route} as ${who}`).toBe(401);
      if (attempt.access === 'admin' && who === 'other company')
        expect(answer.status, `${route} as ${who}`).toBe(403);
      if (!refused || attempt.access !== 'admin')
        expect(leaks(answer.body), `${route} as ${who}`).toEqual([]);
    }
    recordFigure(ISOLATED, 1);
  });

  it.each(procedures)('tRPC $path refuses intruders or answers no foreign data', async ({ path, type }) => {
    const attempt = TRPC[path];
    if (!attempt) throw new Error(`no attempt for ${path}`);
    if (type === 'subscription') return; // covered below
    for (const [who, token] of [
      ['anonymous', undefined],
      ['other company', await intruderToken()],
    ] as const) {
      const answer = await trpcAttempt(path, type, attempt, token);
      if (attempt.access !== 'public' && who === 'anonymous')
        expect(answer.status, `${path} as ${who}`).toBe(401);
      if (attempt.access === 'admin' && who === 'other company')
        expect(answer.status, `${path} as ${who}`).toBe(403);
      expect(leaks(answer.body), `${path} as ${who}`).toEqual([]);
    }
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
    const versions = await db.selectFrom('subtitle_versions').select('srt_content').execute();
    expect(versions.map((version) => version.srt_content)).toEqual([
      '1\n00:00:00,000 --> 00:00:01,000\nvictim subtitles\n',
    ]);
    expect((await call('GET', `/api/messages/${ids.message}`, { token: victim.token })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: victim.token })).body.company).toBe(ids.company);
  });
});

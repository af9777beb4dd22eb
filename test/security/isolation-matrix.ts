import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { appRouter } from '../../server/app/trpc-router';
import type { Db } from '../../server/db/database';
import { appendLedgerEntry } from '../../server/domains/ledger/service';
import { insertVideo } from '../../server/domains/uploads/repo';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';
import { cents } from '../../shared/money';
import { customFromPreset } from '../../shared/subtitles/subtitle-style';
import type { openTestApp } from '../support/http';
import { adminToken, signedUpUser, testCaller } from '../support/http';
import { multipartBody } from '../support/multipart';
import { type Answer, answered, judgeAnswer, refused } from './isolation-answers';
import { answerText, foreignTraces } from './isolation-leaks';

/**
 * The isolation matrix: every REST route and tRPC procedure of the running app, called by three
 * intruders (an anonymous visitor, a user of another company, who is also a non-admin). Each call
 * must get the answer written for it below, must carry no trace of the victim company's data (ids,
 * storage keys, names, signed links decoded), and must leave the victim's rows exactly as they were.
 *
 * It takes the app it attacks, and imports the server relatively, so the guard mutations
 * (isolation-mutations.test.ts) can load it from a mutated copy of the source tree.
 */

/** The victim's rows get ids from these ranges, so an id of theirs in an answer cannot be a coincidence. */
const VICTIM_ID_BASE: Record<string, number> = {
  users: 7_100_000,
  companies: 7_200_000,
  videos: 7_300_000,
  messages: 7_400_000,
  credit_ledger: 7_500_000,
  subtitle_versions: 7_600_000,
  api_tokens: 7_700_000,
  glossary_terms: 7_800_000,
  cue_comments: 7_900_000,
};
/** Where later rows' ids go, far from the victim's. */
const OTHER_ID_BASE = 3_000_000;

const VICTIM_SRT = '1\n00:00:00,000 --> 00:00:01,000\nvictim subtitles\n';
const VICTIM_CHECKOUT = 'cs_test_victim_checkout';
export const VICTIM_DRAFT = [{ startMs: 0, endMs: 1000, text: 'victim draft' }];

/**
 * How to call a route, and what it must answer. A non-public route answers an anonymous caller 401;
 * an admin route answers the other company's (plain) user 403. The rest is written per route.
 */
type Expected =
  | { access: 'admin' }
  | { access: 'user'; otherCompany: Answer }
  | { access: 'public'; anonymous: Answer; otherCompany: Answer };
type RestAttempt = Expected & { url: string; body?: unknown; multipart?: boolean };
type ProcedureAttempt = Expected & { input?: unknown };

type OpenedApp = Pick<Awaited<ReturnType<typeof openTestApp>>, 'app' | 'routes' | 'call' | 'db' | 'services'>;

async function moveIdsTo(db: Db, bases: Record<string, number>) {
  for (const [table, base] of Object.entries(bases))
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${base})`.execute(db);
}

/** The victim company with a user, a balance and its ledger line, a message, a video with subtitles and a draft. */
async function victimCompany(opened: OpenedApp) {
  const { call, db, app, services } = opened;
  const admin = await adminToken(call);
  await moveIdsTo(db, VICTIM_ID_BASE);
  const victim = await signedUpUser(call, 'victim');
  const companyId = victim.companyId ?? 0;
  const apiToken = await testCaller(app, victim.token).mutation('apiTokens.create', {
    name: 'victim-api-token',
    expiresInDays: null,
  });
  await testCaller(app, admin).mutation('companies.adjustCredits', {
    id: companyId,
    euros: 37, // with the €5 checkout below, €42
    reason: 'victim-ledger-note',
  });
  const message = await call('POST', '/api/messages', {
    token: admin,
    body: { data: { title: 'victim-message', message: 'for the victim only', company: companyId } },
  });
  const video = await insertVideo(db, {
    companyId,
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
    videoId: video,
    version: 0,
    origin: 'uploaded',
    name: 'v.srt',
    srt: VICTIM_SRT,
  });
  await db
    .insertInto('subtitle_drafts')
    .values({ video_id: video, cues: JSON.stringify(VICTIM_DRAFT), base_version: 0, updated_by: victim.id })
    .execute();
  await db
    .updateTable('videos')
    .set({ hardcoded_status: 'completed', hardcoded_key: 'videos/victim/hardcoded.mp4' })
    .where('id', '=', video)
    .execute();
  const glossaryTerm = await db
    .insertInto('glossary_terms')
    .values({ company_id: companyId, term: 'VictimBrandName', keep_as_written: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its shot changes detected: a read of them would answer 200 with the times.
  await db
    .insertInto('video_shot_changes')
    .values({ video_id: video, times_ms: [4242] })
    .execute();
  // The waveform stored beside the source, as editor.peaks keeps it: a read of it would answer 200.
  await services.storage.write(
    'videos/victim/peaks.json',
    Readable.from([JSON.stringify({ samplesPerSecond: 10, peaks: [0.5, -0.5] })]),
  );
  const version = await db
    .selectFrom('subtitle_versions')
    .select('id')
    .where('video_id', '=', video)
    .executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  // A paid checkout, credited: an intruder asking after it must learn nothing (billing.checkoutStatus).
  await appendLedgerEntry(db, {
    companyId,
    kind: 'purchase',
    amountCents: cents(500),
    reference: VICTIM_CHECKOUT,
  });
  // A comment on a cue and a review link, as a teammate of the victim made them (issue 39).
  const victimCalls = testCaller(app, victim.token);
  const comment = await victimCalls.mutation('comments.add', {
    videoId: video,
    cueId: 'victim-cue',
    startMs: 0,
    endMs: 1000,
    body: 'victim-comment',
  });
  const reviewLink = await victimCalls.mutation('comments.createReviewLink', { videoId: video });
  // Issue 40 (languages-server): French added and ready, with its own version and burned video.
  await db
    .insertInto('video_languages')
    .values({
      video_id: video,
      language: 'fr',
      status: 'ready',
      progress: 100,
      burn_status: 'ready',
      hardcoded_key: 'videos/victim/languages/fr-v0-1.mp4',
      created_by: victim.id,
    })
    .execute();
  await insertSubtitleVersion(db, {
    videoId: video,
    language: 'fr',
    version: 0,
    origin: 'generated',
    name: 'v.fr.srt',
    srt: '1\n00:00:00,000 --> 00:00:01,000\nvictim french subtitles\n',
  });
  const resumableUpload = await startResumableUpload(app, victim.token, 'victim-secret.mp4');
  await moveIdsTo(db, Object.fromEntries(Object.keys(VICTIM_ID_BASE).map((table) => [table, OTHER_ID_BASE])));
  const ids = {
    company: companyId,
    user: victim.id,
    message: message.body.data.id as number,
    video,
    version: version.id,
    ledger: Number(ledger.id),
    apiToken: apiToken.data.id as number,
    glossaryTerm: glossaryTerm.id,
    comment: comment.data.id as number,
    reviewToken: String(reviewLink.data.url).split('/review/')[1] ?? '',
  };
  return { victim, ids, admin, resumableUpload };
}

/** A hardcode upload over tus as the holder of `token`, its SRT sent first and its bytes still to come. */
export async function startResumableUpload(
  app: OpenedApp['app'],
  token: string,
  filename: string,
): Promise<string> {
  const form = multipartBody([{ name: 'fileSub', filename: 'victim.srt', content: Buffer.from(VICTIM_SRT) }]);
  const srt = await app.inject({
    method: 'POST',
    url: '/api/videos/uploads/srt',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    payload: form.body,
  });
  const metadata = { mode: 'hardcode', filename, srt: srt.json().data.id as string };
  const created = await app.inject({
    method: 'POST',
    url: '/api/videos/uploads/tus',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': '1000',
      'upload-metadata': Object.entries(metadata)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(','),
    },
  });
  const location = String(created.headers.location ?? '');
  if (created.statusCode !== 201 || !location)
    throw new Error(`resumable upload not created: ${created.body}`);
  return location.slice(location.lastIndexOf('/') + 1);
}

/** Every row of the victim company, as text: what no intruder's call may change. */
async function victimRows(db: Db, ids: { company: number; user: number; video: number }) {
  const tables: [string, string][] = [
    ['companies', `id = ${ids.company}`],
    ['company_admins', `company_id = ${ids.company}`],
    ['users', `id = ${ids.user}`],
    ['videos', `company_id = ${ids.company}`],
    ['subtitle_versions', `video_id = ${ids.video}`],
    ['subtitle_drafts', `video_id = ${ids.video}`],
    ['cue_comments', `video_id = ${ids.video}`],
    ['review_links', `video_id = ${ids.video}`],
    ['messages', `company_id = ${ids.company}`],
    ['credit_ledger', `company_id = ${ids.company}`],
    ['api_tokens', `user_id = ${ids.user}`],
    ['glossary_terms', `company_id = ${ids.company}`],
    ['pending_upload_subtitles', `company_id = ${ids.company}`],
  ];
  const texts: string[] = [];
  for (const [table, where] of tables) {
    const rows = await sql<{ row: string }>`
      select t::text as row from ${sql.raw(table)} t where ${sql.raw(where)} order by 1`.execute(db);
    texts.push(`${table}: ${rows.rows.map((row) => row.row).join(' | ')}`);
  }
  return texts.join('\n');
}

export async function openIsolationMatrix(opened: OpenedApp) {
  const { app, routes, call, db } = opened;
  const { victim, ids, admin, resumableUpload } = await victimCompany(opened);
  const intruder = await signedUpUser(call, 'intruder');
  const own = intruder.companyId ?? 0;

  /** What the victim's data looks like in an answer: its names, storage keys and ids. */
  const traces = {
    markers: [
      'victim company',
      'victim-secret',
      'victim-message',
      'victim-ledger-note',
      victim.email,
      'victim subtitles',
      'victim draft',
      'videos/victim/',
      'victim-api-token',
      'VictimBrandName',
      'victim-comment',
      ids.reviewToken,
      resumableUpload,
    ],
    ids: Object.values(ids).filter((value) => typeof value === 'number'),
  };

  const srt = {
    name: 'file',
    filename: 'x.srt',
    content: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nx\n'),
  };

  /** How to attack each REST route with the victim's ids, and what it must answer. */
  const REST: Record<string, RestAttempt> = {
    // Prometheus's scrape: the metrics token, never a session, opens it; off (no token set) it is 404.
    'GET /metrics': {
      access: 'public',
      url: '/metrics',
      ...(opened.services.config.METRICS_TOKEN
        ? { anonymous: refused(401), otherCompany: refused(403) }
        : { anonymous: refused(404), otherCompany: refused(404) }),
    },
    'GET /api/health': {
      access: 'public',
      url: '/api/health',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'POST /api/auth/local': {
      access: 'public',
      url: '/api/auth/local',
      body: { identifier: victim.email, password: 'wrong-Pass1!' },
      anonymous: refused(401),
      otherCompany: refused(401),
    },
    'POST /api/auth/local/register': {
      access: 'public',
      url: '/api/auth/local/register',
      body: { username: 'x', email: victim.email, password: 'Secret-pass1!' },
      anonymous: refused(409),
      otherCompany: refused(409),
    },
    'POST /api/auth/forgot-password': {
      access: 'public',
      url: '/api/auth/forgot-password',
      body: { email: victim.email },
      anonymous: answered({ ok: true }),
      otherCompany: answered({ ok: true }),
    },
    'POST /api/auth/reset-password': {
      access: 'public',
      url: '/api/auth/reset-password',
      body: { code: 'guessed-token', password: 'Pwned-pass1!', passwordConfirmation: 'Pwned-pass1!' },
      anonymous: refused(400),
      otherCompany: refused(400),
    },
    'GET /api/users': { access: 'admin', url: '/api/users' },
    'GET /api/users/me': {
      access: 'user',
      url: '/api/users/me',
      otherCompany: answered({ id: intruder.id, company: own }),
    },
    'PUT /api/users/me': {
      access: 'user',
      url: '/api/users/me',
      body: { company: ids.company },
      otherCompany: refused(403),
    },
    'PUT /api/users/:id': { access: 'admin', url: `/api/users/${ids.user}`, body: { company: 0 } },
    'DELETE /api/users/:id': { access: 'admin', url: `/api/users/${ids.user}` },
    'GET /api/companies': { access: 'admin', url: '/api/companies' },
    'POST /api/companies': {
      access: 'public',
      url: '/api/companies',
      body: { data: { name: 'x', address: 'y', credits: 100, admin: [ids.user] } },
      anonymous: refused(403),
      otherCompany: refused(409),
    },
    'GET /api/companies/:id': {
      access: 'user',
      url: `/api/companies/${ids.company}`,
      otherCompany: refused(404),
    },
    'PUT /api/companies/:id': {
      access: 'user',
      url: `/api/companies/${ids.company}`,
      body: { data: { name: 'pwned', credits: 9999 } },
      otherCompany: refused(404),
    },
    'DELETE /api/companies/:id': { access: 'admin', url: `/api/companies/${ids.company}` },
    'GET /api/company/my': {
      access: 'user',
      url: '/api/company/my',
      otherCompany: answered({ data: [{ id: own }] }),
    },
    'GET /api/audit-trails': { access: 'admin', url: '/api/audit-trails' },
    'POST /api/audit-trails': {
      access: 'public',
      url: '/api/audit-trails',
      body: { data: { user: ids.user, action: 'x' } },
      anonymous: answered({ data: { id: 0, attributes: { action: 'x', clientReported: true } } }),
      otherCompany: answered({ data: { id: 0, attributes: { action: 'x', clientReported: true } } }),
    },
    'GET /api/prices': {
      access: 'public',
      url: '/api/prices',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'GET /api/conversions': { access: 'admin', url: '/api/conversions' },
    'GET /api/conversions/:id': { access: 'admin', url: '/api/conversions/1' },
    'PUT /api/conversion/:id': { access: 'admin', url: '/api/conversion/1', body: { data: { rate: 2 } } },
    'POST /api/checkout-session': {
      access: 'user',
      url: '/api/checkout-session',
      body: { data: { quantity: 5, clientReferenceId: ids.company } },
      otherCompany: refused(503),
    },
    'POST /api/stripe/webhook': {
      access: 'public',
      url: '/api/stripe/webhook',
      body: { type: 'checkout.session.completed' },
      anonymous: refused(503),
      otherCompany: refused(503),
    },
    'GET /api/contents': {
      access: 'public',
      url: '/api/contents',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'GET /api/contents/:id': {
      access: 'public',
      url: '/api/contents/1',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'PUT /api/contents/:id': {
      access: 'admin',
      url: '/api/contents/1',
      body: { data: { title: 'x', html: '<p>x</p>' } },
    },
    'GET /api/messages/myCompany': {
      access: 'user',
      url: '/api/messages/myCompany?page=1&pageSize=5&admin=true',
      otherCompany: answered({
        data: [],
        meta: { pagination: { total: 0 }, meta: { pagination: { total: 0 } } },
      }),
    },
    'GET /api/messages/:id': {
      access: 'user',
      url: `/api/messages/${ids.message}`,
      otherCompany: refused(404),
    },
    'POST /api/messages': {
      access: 'admin',
      url: '/api/messages',
      body: { data: { title: 't', message: 'm', company: ids.company } },
    },
    'DELETE /api/messages/:id': { access: 'admin', url: `/api/messages/${ids.message}` },
    'POST /api/upload-log': {
      access: 'user',
      url: '/api/upload-log',
      multipart: true,
      otherCompany: refused(400),
    },
    'POST /api/upload-log/hc': {
      access: 'user',
      url: '/api/upload-log/hc',
      multipart: true,
      otherCompany: refused(400),
    },
    'POST /api/videos/upload': {
      access: 'user',
      url: '/api/videos/upload',
      multipart: true,
      otherCompany: refused(400),
    },
    'POST /api/videos/upload/hc': {
      access: 'user',
      url: '/api/videos/upload/hc',
      multipart: true,
      otherCompany: refused(400),
    },
    // tus answers a creation without its Tus-Resumable header 412; a victim's upload is another company's: 404.
    'POST /api/videos/uploads/tus': {
      access: 'user',
      url: '/api/videos/uploads/tus',
      otherCompany: refused(412),
    },
    'PATCH /api/videos/uploads/tus/:id': {
      access: 'user',
      url: `/api/videos/uploads/tus/${resumableUpload}`,
      body: { offset: 0 },
      otherCompany: refused(404),
    },
    'DELETE /api/videos/uploads/tus/:id': {
      access: 'user',
      url: `/api/videos/uploads/tus/${resumableUpload}`,
      otherCompany: refused(404),
    },
    'POST /api/videos/uploads/srt': {
      access: 'user',
      url: '/api/videos/uploads/srt',
      multipart: true,
      otherCompany: refused(400),
    },
    'POST /api/upload-srt': {
      access: 'user',
      url: '/api/upload-srt',
      multipart: true,
      otherCompany: refused(404),
    },
    'POST /api/videos/upload-subtitles': {
      access: 'user',
      url: '/api/videos/upload-subtitles',
      multipart: true,
      otherCompany: refused(404),
    },
    'GET /api/upload-logs': {
      access: 'user',
      url: `/api/upload-logs?filters[id]=${ids.video}`,
      otherCompany: answered({ data: [], meta: { pagination: { total: 0 } } }),
    },
    'DELETE /api/upload-logs/:id': {
      access: 'user',
      url: `/api/upload-logs/${ids.video}`,
      otherCompany: refused(404),
    },
    // The intruder's own company's ZIP, opened by the scanner: no entry may hold the victim's data.
    'GET /api/company-export': { access: 'user', url: '/api/company-export', otherCompany: answered() },
    'GET /api/upload-logs/count': {
      access: 'user',
      url: '/api/upload-logs/count',
      otherCompany: answered(0),
    },
    'GET /api/upload-logs/my-company-video': {
      access: 'user',
      url: `/api/upload-logs/my-company-video?id=${ids.video}`,
      otherCompany: refused(404),
    },
    'GET /api/upload-logs/my-company-videos-:sort': {
      access: 'user',
      url: '/api/upload-logs/my-company-videos-desc?page=1&pageSize=12',
      otherCompany: answered({ data: [], meta: { pagination: { total: 0 } } }),
    },
    'GET /api/srts': {
      access: 'user',
      url: `/api/srts?filters[video_id]=${ids.video}`,
      otherCompany: refused(404),
    },
    'GET /api/subtitle-file': {
      access: 'user',
      url: `/api/subtitle-file?id=${ids.video}&format=txt`,
      otherCompany: refused(404),
    },
    'GET /api/download-hardcoded-url': {
      access: 'user',
      url: `/api/download-hardcoded-url?id=${ids.video}&video_name=x.mp4`,
      otherCompany: refused(404),
    },
    'GET /api/videos/:id/soft-subtitles': {
      access: 'user',
      url: `/api/videos/${ids.video}/soft-subtitles?format=mkv`,
      otherCompany: refused(404),
    },
    // Issue 40 (languages-server): the languages of a video.
    'POST /api/videos/:id/languages': {
      access: 'user',
      url: `/api/videos/${ids.video}/languages`,
      body: { language: 'de' },
      otherCompany: refused(404),
    },
    'GET /api/videos/:id/subtitles.zip': {
      access: 'user',
      url: `/api/videos/${ids.video}/subtitles.zip`,
      otherCompany: refused(404),
    },
    'GET /api/files/:token': {
      access: 'public',
      url: '/api/files/forged.token',
      anonymous: refused(404),
      otherCompany: refused(404),
    },
    'GET /api/showcase/:id/:file.mp4': {
      access: 'public',
      url: '/api/showcase/1/original.mp4',
      anonymous: refused(404),
      otherCompany: refused(404),
    },
    'GET /api/subtitle-fonts/:name': {
      access: 'public',
      url: '/api/subtitle-fonts/NotoSans_500Medium.ttf',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'GET /api/editor-media/:token': {
      access: 'public',
      url: '/api/editor-media/forged.token',
      anonymous: refused(404),
      otherCompany: refused(404),
    },
  };

  /** How to attack each tRPC procedure, and what it must answer (tRPC's `result.data` for a success). */
  const TRPC: Record<string, ProcedureAttempt> = {
    'health.check': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'health.engines': { access: 'admin' },
    'dashboard.overview': { access: 'admin', input: { days: 30 } },
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
      anonymous: refused(409),
      otherCompany: refused(409),
    },
    'auth.login': {
      access: 'public',
      input: { email: victim.email, password: 'Wrong-pass1!' },
      anonymous: refused(401),
      otherCompany: refused(401),
    },
    'auth.logout': { access: 'user', otherCompany: answered({ ok: true }) },
    'auth.me': { access: 'user', otherCompany: answered({ id: intruder.id, company: { id: own } }) },
    'auth.updateProfile': { access: 'user', input: { username: 'renamed' }, otherCompany: answered() },
    // The intruder's own tokens only; the victim's name or id in the answer is caught as a trace.
    'apiTokens.list': { access: 'user', otherCompany: answered() },
    'apiTokens.create': {
      access: 'user',
      input: { name: 'intruder token', expiresInDays: 1 },
      otherCompany: answered({ name: 'intruder token' }),
    },
    'apiTokens.revoke': { access: 'user', input: { id: ids.apiToken }, otherCompany: refused(404) },
    'retention.get': { access: 'user', input: { companyId: ids.company }, otherCompany: refused(404) },
    'retention.set': {
      access: 'user',
      input: { companyId: ids.company, days: 1 },
      otherCompany: refused(404),
    },
    'auth.mailStatus': { access: 'public', anonymous: answered(), otherCompany: answered() },
    // Asking for the victim's reset link answers exactly what any address gets, and holds no link.
    'auth.requestPasswordReset': {
      access: 'public',
      input: { email: victim.email },
      anonymous: answered({ mailConfigured: false }),
      otherCompany: answered({ mailConfigured: false }),
    },
    'auth.passwordResetLinkValid': {
      access: 'public',
      input: { token: 'guessed-token' },
      anonymous: answered({ valid: false }),
      otherCompany: answered({ valid: false }),
    },
    'auth.verifyEmail': {
      access: 'public',
      input: { token: 'guessed-token' },
      anonymous: refused(400),
      otherCompany: refused(400),
    },
    // Sends the caller's own confirmation, never the victim's.
    'auth.resendVerification': { access: 'user', otherCompany: answered({ sent: true }) },
    'auth.resetPassword': {
      access: 'public',
      input: { token: 'guessed-token', password: 'Pwned-pass1!', passwordRetype: 'Pwned-pass1!' },
      anonymous: refused(400),
      otherCompany: refused(400),
    },
    'users.list': { access: 'admin', input: {} },
    // The intruder admins their own company: they see and change only it.
    'team.overview': {
      access: 'user',
      otherCompany: answered({ members: [{ id: intruder.id, admin: true, you: true }], invitations: [] }),
    },
    'team.invite': { access: 'user', input: { email: victim.email }, otherCompany: refused(409) },
    'team.revokeInvitation': { access: 'user', input: { invitationId: 1 }, otherCompany: refused(404) },
    'team.removeMember': { access: 'user', input: { userId: ids.user }, otherCompany: refused(404) },
    'team.setAdmin': { access: 'user', input: { userId: ids.user, admin: true }, otherCompany: refused(404) },
    'team.invitation': {
      access: 'public',
      input: { token: 'guessed-token' },
      anonymous: answered({ valid: false }),
      otherCompany: answered({ valid: false }),
    },
    'team.acceptInvitation': {
      access: 'public',
      input: {
        token: 'guessed-token',
        username: 'x',
        password: 'Pwned-pass1!',
        passwordRetype: 'Pwned-pass1!',
        terms: true,
      },
      anonymous: refused(400),
      otherCompany: refused(400),
    },
    // The caller's own switches and own company's threshold: the victim's stay as they were.
    'notices.preferences': {
      access: 'user',
      otherCompany: answered({ videoOutcome: true, isCompanyAdmin: true }),
    },
    'notices.update': {
      access: 'user',
      input: { messages: false },
      otherCompany: answered({ messages: false }),
    },
    'notices.setLowCreditThreshold': {
      access: 'user',
      input: { euros: 1 },
      otherCompany: answered({ lowCreditThresholdCents: 100 }),
    },
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
    'companies.get': { access: 'user', input: { id: ids.company }, otherCompany: refused(404) },
    'companies.my': { access: 'user', otherCompany: answered({ id: own }) },
    'companies.create': { access: 'admin', input: { name: 'x', address: 'y', credits: 5 } },
    'companies.update': {
      access: 'user',
      input: { id: ids.company, name: 'pwned', address: 'x', credits: 9999 },
      otherCompany: refused(404),
    },
    'companies.delete': { access: 'admin', input: { id: ids.company } },
    'companies.adjustCredits': { access: 'admin', input: { id: ids.company, euros: 5, reason: 'Stolen' } },
    'companies.ledger': { access: 'user', input: { id: ids.company }, otherCompany: refused(404) },
    'glossary.list': { access: 'user', input: { companyId: ids.company }, otherCompany: refused(404) },
    'glossary.save': {
      access: 'user',
      input: { companyId: ids.company, id: ids.glossaryTerm, term: 'Stolen', keepAsWritten: true },
      otherCompany: refused(404),
    },
    'glossary.remove': {
      access: 'user',
      input: { companyId: ids.company, id: ids.glossaryTerm },
      otherCompany: refused(404),
    },
    'glossary.exportCsv': { access: 'user', input: { companyId: ids.company }, otherCompany: refused(404) },
    'glossary.importCsv': {
      access: 'user',
      input: { companyId: ids.company, csv: 'term\nStolen\n', replace: true },
      otherCompany: refused(404),
    },
    'audit.list': { access: 'admin', input: {} },
    'billing.prices': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'billing.updatePrice': { access: 'admin', input: { product: 'price_per_minute', euros: 0 } },
    'billing.paymentsEnabled': {
      access: 'public',
      anonymous: answered({ enabled: false }),
      otherCompany: answered({ enabled: false }),
    },
    'billing.checkout': { access: 'user', input: { quantity: 5 }, otherCompany: refused(503) },
    'billing.checkoutStatus': {
      access: 'user',
      input: { sessionId: VICTIM_CHECKOUT },
      otherCompany: refused(404),
    },
    'billing.conversions': { access: 'admin' },
    'billing.conversion': { access: 'admin', input: { id: 1 } },
    'billing.updateConversion': { access: 'admin', input: { id: 1, name: 'x', currency: 'XXX', rate: 9 } },
    'content.page': {
      access: 'public',
      input: { page: 'home' },
      anonymous: answered(),
      otherCompany: answered(),
    },
    'content.list': { access: 'admin' },
    'content.get': { access: 'admin', input: { id: 1 } },
    'content.update': { access: 'admin', input: { id: 1, title: 'x', html: '<p>x</p>' } },
    'content.toReview': { access: 'admin' },
    'siteLinks.list': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'siteLinks.saved': { access: 'admin' },
    'siteLinks.update': { access: 'admin', input: { community: 'https://pwned.test' } },
    'showcase.list': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'showcase.candidates': { access: 'admin' },
    'showcase.publish': {
      access: 'admin',
      input: { videoId: ids.video, placement: 'carousel', title: 'pwned', ownerConsent: true },
    },
    'showcase.unpublish': { access: 'admin', input: { id: 1 } },
    'messages.list': {
      access: 'user',
      input: { page: 1, pageSize: 5, allCompanies: true },
      otherCompany: answered({ messages: [], total: 0 }),
    },
    'messages.get': { access: 'user', input: { id: ids.message }, otherCompany: refused(404) },
    'messages.create': { access: 'admin', input: { title: 't', message: 'm', company: ids.company } },
    'messages.delete': { access: 'admin', input: { id: ids.message } },
    'messages.unread': { access: 'user', otherCompany: answered({ count: 0, seen: 0, unread: false }) },
    'messages.markSeen': { access: 'user', otherCompany: answered() },
    'videos.capabilities': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'videos.speech': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'videos.list': { access: 'user', input: {}, otherCompany: answered({ videos: [], total: 0 }) },
    'videos.get': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.count': { access: 'user', otherCompany: answered(0) },
    'videos.subtitles': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.downloadUrl': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.export': {
      access: 'user',
      input: { id: ids.video, format: 'vtt' },
      otherCompany: refused(404),
    },
    'videos.softSubtitles': {
      access: 'user',
      input: { id: ids.video, format: 'mp4' },
      otherCompany: refused(404),
    },
    // Issue 40 (languages-server): the languages of a video.
    'videos.languages': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.addLanguage': {
      access: 'user',
      input: { id: ids.video, language: 'de' },
      otherCompany: refused(404),
    },
    'videos.burnLanguage': {
      access: 'user',
      input: { id: ids.video, language: 'fr' },
      otherCompany: refused(404),
    },
    'videos.subtitlesZip': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.delete': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.cancel': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.refund': { access: 'admin', input: { id: ids.video } },
    'videos.failed': { access: 'admin' },
    'videos.retry': { access: 'admin', input: { id: ids.video } },
    'editor.open': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'editor.peaks': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'editor.preview': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'editor.version': {
      access: 'user',
      input: { id: ids.video, versionId: ids.version },
      otherCompany: refused(404),
    },
    'editor.saveDraft': {
      access: 'user',
      input: { id: ids.video, cues: [{ startMs: 0, endMs: 1000, text: 'pwned' }], revision: 1 },
      otherCompany: refused(404),
    },
    'editor.discardDraft': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'shotChanges.ofVideo': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'editor.saveAndBurnIn': {
      access: 'user',
      input: { id: ids.video, revision: 1 },
      otherCompany: refused(404),
    },
    'comments.list': { access: 'user', input: { videoId: ids.video }, otherCompany: refused(404) },
    'comments.add': {
      access: 'user',
      input: { videoId: ids.video, cueId: 'c1', startMs: 0, endMs: 1000, body: 'pwned' },
      otherCompany: refused(404),
    },
    'comments.resolve': { access: 'user', input: { id: ids.comment }, otherCompany: refused(404) },
    'comments.createReviewLink': {
      access: 'user',
      input: { videoId: ids.video },
      otherCompany: refused(404),
    },
    'comments.openReviewLink': {
      access: 'user',
      input: { token: ids.reviewToken },
      otherCompany: refused(404),
    },
    'editor.reburnQuote': {
      access: 'user',
      input: { id: ids.video, revision: 1 },
      otherCompany: refused(404),
    },
    'editor.buyReburn': {
      access: 'user',
      input: { id: ids.video, revision: 1, priceCents: 0 },
      otherCompany: refused(404),
    },
    'subtitleStyles.companyDefault': {
      access: 'user',
      input: { companyId: ids.company },
      otherCompany: refused(404),
    },
    // Any user of the company may set it (issue 22); another company's user finds no such company.
    'subtitleStyles.setCompanyDefault': {
      access: 'user',
      input: { companyId: ids.company, style: 'large' },
      otherCompany: refused(404),
    },
    'subtitleStyles.restyleVideo': {
      access: 'user',
      input: { id: ids.video, style: 'large' },
      otherCompany: refused(404),
    },
    'subtitleStyles.setCompanyCustom': {
      access: 'user',
      input: { companyId: ids.company, settings: customFromPreset('yellow') },
      otherCompany: refused(404),
    },
    // A picture of settings the caller sends: nothing of any company is read.
    'subtitleStyles.preview': { access: 'user', input: { style: 'boxed' }, otherCompany: answered() },
    // A subscription streams until closed: not attacked here but over SSE in isolation.test.ts.
    'events.company': { access: 'user', otherCompany: answered() },
  };

  /** A fresh session per attempt: an attempt such as auth.logout must not spoil the next one. */
  async function intruderToken() {
    const login = await call('POST', '/api/auth/local', {
      body: { identifier: intruder.email, password: intruder.password },
      ip: '10.201.0.1',
    });
    return login.body.jwt as string;
  }

  async function restCall(method: string, attempt: RestAttempt, token?: string) {
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
    const body = answerText(response.rawPayload, response.headers['content-type']?.toString());
    return { status: response.statusCode, body, json: parsed(response.body) };
  }

  async function procedureCall(path: string, type: string, attempt: ProcedureAttempt, token?: string) {
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
    const json = parsed(response.body) as { result?: { data?: unknown } } | undefined;
    return { status: response.statusCode, body: response.body, json: json?.result?.data };
  }

  const restRoutes = routes
    .filter((route) => (route.url.startsWith('/api/') || route.url === '/metrics') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`);
  const procedures = Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
  ).map(([path, procedure]) => ({ path, type: procedure._def.type }));

  /**
   * Calls `route` (a REST route as "METHOD /url", or a tRPC procedure's path) as each intruder and
   * answers what was wrong: an answer other than the one written for it, a trace of the victim's
   * data, or a change to the victim's rows. Empty when the route is isolated.
   */
  async function attack(route: string): Promise<string[]> {
    const rest = REST[route];
    const procedure = procedures.find(({ path }) => path === route);
    const attempt = rest ?? (procedure && procedure.type !== 'subscription' ? TRPC[route] : undefined);
    if (!attempt) return [`${route}: the matrix does not know how to call it`];
    const failures: string[] = [];
    const before = await victimRows(db, ids);
    for (const [who, token] of [
      ['anonymous', undefined],
      ['other company', await intruderToken()],
    ] as const) {
      const answer = rest
        ? await restCall(route.split(' ')[0] ?? 'GET', rest, token)
        : await procedureCall(route, procedure?.type ?? 'query', attempt, token);
      const expected = expectedAnswer(attempt, who);
      for (const wrong of judgeAnswer(answer, expected)) failures.push(`${route} as ${who}: ${wrong}`);
      for (const trace of foreignTraces(answer.body, traces))
        failures.push(`${route} as ${who}: answered the victim's ${trace}`);
    }
    if ((await victimRows(db, ids)) !== before) failures.push(`${route}: changed the victim company's rows`);
    return failures;
  }

  return {
    app,
    db,
    victim,
    intruder,
    ids,
    admin,
    resumableUpload,
    traces,
    /** How the matrix calls each route with the victim's ids (the URL spellings table varies them). */
    attempts: { rest: REST, trpc: TRPC },
    intruderToken,
    restRoutes,
    procedures,
    /** Every route the matrix attacks, REST first; subscriptions have tests of their own. */
    routes: [
      ...restRoutes,
      ...procedures.filter(({ type }) => type !== 'subscription').map(({ path }) => path),
    ],
    /** Routes of the app the matrix has no attempt for: each must be added to it. */
    unknown: () => [
      ...restRoutes.filter((route) => !REST[route]),
      ...procedures.filter(({ path }) => !TRPC[path]).map(({ path }) => path),
    ],
    attack,
    victimRows: () => victimRows(db, ids),
  };
}

export type IsolationMatrix = Awaited<ReturnType<typeof openIsolationMatrix>>;

function expectedAnswer(attempt: Expected, who: 'anonymous' | 'other company'): Answer {
  if (attempt.access === 'public') return who === 'anonymous' ? attempt.anonymous : attempt.otherCompany;
  if (who === 'anonymous') return refused(401);
  return attempt.access === 'admin' ? refused(403) : attempt.otherCompany;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

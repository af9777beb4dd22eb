import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { appendLedgerEntry } from '../../server/domains/ledger/service';
import { insertVideo } from '../../server/domains/uploads/repo';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';
import { publishEvent } from '../../server/realtime/event-hub';
import { cents } from '../../shared/money';
import { recordFigure } from '../support/figures';
import { testApp, testCaller } from '../support/http';
import { isEventOfVideo, type ReceivedEvent, subscribe, untilLive } from '../support/sse-client';
import { foreignTraces } from './isolation-leaks';
import { openIsolationMatrix } from './isolation-matrix';
import { startResumableUpload } from './isolation-seed';
import {
  holdsVictimId,
  type OwnOf,
  procedureSpellings,
  restSpellings,
  type Spelling,
  spellingHeaders,
  withoutEcho,
} from './url-spellings';

/**
 * Every route of the isolation matrix that takes an id, called by another company's user with the
 * victim's id smuggled past the route's own parameter (url-spellings.ts): a query string ending in
 * `/<victim id>`, encoded slashes, dot segments, doubled and trailing slashes, repeated query values,
 * tRPC batches mixing the intruder's own input with the victim's. Each answer must not be a 5xx nor
 * carry the victim's ids, names or keys (headers included: tus answers in them), and the victim's
 * rows and unfinished upload must stay as they were.
 */
const opened = await testApp();
const { app, db, services } = opened;
afterAll(() => app.close());
const matrix = await openIsolationMatrix(opened);
const { ids, intruder, traces } = matrix;
const ownCompany = intruder.companyId ?? 0;
const token = await matrix.intruderToken();

const VICTIM_BYTES = 'victim-secret file bytes';
await services.storage.write('videos/victim/source.mp4', Readable.from([VICTIM_BYTES]));
await services.storage.write('videos/victim/hardcoded.mp4', Readable.from([VICTIM_BYTES]));

/** The intruder's own things of each kind the victim's ids name: the spellings write them beside the victim's. */
async function intruderOwnData() {
  const video = await insertVideo(db, {
    companyId: ownCompany,
    createdBy: intruder.id,
    mode: 'hardcode',
    filename: 'intruder-own.mp4',
    title: 'own',
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 10,
    priceCents: 10,
    sourceKey: 'videos/intruder/source.mp4',
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  const version = await insertSubtitleVersion(db, {
    videoId: video,
    version: 0,
    origin: 'uploaded',
    name: 'own.srt',
    srt: '1\n00:00:00,000 --> 00:00:01,000\nown subtitles\n',
  });
  await db
    .updateTable('videos')
    .set({ hardcoded_status: 'completed', hardcoded_key: 'videos/intruder/hardcoded.mp4' })
    .where('id', '=', video)
    .execute();
  for (const key of ['videos/intruder/source.mp4', 'videos/intruder/hardcoded.mp4'])
    await services.storage.write(key, Readable.from(['own bytes']));
  // A paid checkout of its own, credited: its status answers without asking Stripe.
  await appendLedgerEntry(db, {
    companyId: ownCompany,
    kind: 'purchase',
    amountCents: cents(500),
    reference: 'cs_test_intruder_checkout',
  });
  const glossaryTerm = await db
    .insertInto('glossary_terms')
    .values({ company_id: ownCompany, term: 'OwnBrand', keep_as_written: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const caller = testCaller(app, token);
  const apiToken = await caller.mutation('apiTokens.create', { name: 'own token', expiresInDays: 1 });
  const message = await opened.call('POST', '/api/messages', {
    token: matrix.admin,
    body: { data: { title: 'own message', message: 'for the intruder', company: ownCompany } },
  });
  const pathOf = (url: string) => new URL(url).pathname;
  const download = await caller.query('videos.downloadUrl', { id: video });
  const editor = await caller.query('editor.open', { id: video });
  return {
    ownOf: new Map<string, string>([
      [String(ids.company), String(ownCompany)],
      [String(ids.user), String(intruder.id)],
      [String(ids.video), String(video)],
      [String(ids.version), String(version)],
      [String(ids.message), String(message.body.data.id)],
      [String(ids.apiToken), String(apiToken.data.id)],
      [String(ids.glossaryTerm), String(glossaryTerm.id)],
      [String(ids.ledger), String(ids.ledger + 1)],
      ['cs_test_victim_checkout', 'cs_test_intruder_checkout'],
      [matrix.resumableUpload, await startResumableUpload(app, token, 'intruder-own.mp4')],
    ]) satisfies OwnOf,
    /** Routes whose parameter is a signed link: the intruder's own link, the victim's key smuggled after it. */
    signedLinks: {
      'GET /api/files/:token': pathOf(download.data.url),
      'GET /api/editor-media/:token': pathOf(editor.data.mediaUrl),
    } as Record<string, string>,
  };
}
const own = await intruderOwnData();

/** HEAD routes that are not GET's twins: tus answers an upload's state to HEAD alone. */
const headOnly = opened.routes
  .filter(
    ({ method, url }) => method === 'HEAD' && !opened.routes.some((r) => r.method === 'GET' && r.url === url),
  )
  .map(({ url }) => `HEAD ${url}`);

/** The table: each route of the running app that takes an id, with its spellings. */
function spellingsOf(route: string): Spelling[] {
  const rest = matrix.attempts.rest[route.replace(/^HEAD /, 'PATCH ')];
  if (route.includes(' ')) {
    if (!rest) return [];
    const signed = own.signedLinks[route];
    // A parameter in its path, or a victim's id in the matrix's URL (`?id=`, `filters[id]=`).
    const victimInUrl = rest.url.split(/[/?&=]/).some((part) => own.ownOf.has(part));
    if (!route.includes('/:') && !victimInUrl) return [];
    return restSpellings(
      route,
      signed ?? rest.url,
      own.ownOf,
      signed ? 'videos/victim/hardcoded.mp4' : String(ids.video),
    );
  }
  const procedure = matrix.procedures.find(({ path }) => path === route);
  const attempt = matrix.attempts.trpc[route];
  if (!procedure || !attempt || procedure.type === 'subscription' || !holdsVictimId(attempt.input, own.ownOf))
    return [];
  return procedureSpellings(route, procedure.type, attempt.input, own.ownOf);
}
// HEAD first: it reads an upload that the PATCH and DELETE rows would change if they reached it.
const table = [...headOnly, ...matrix.routes]
  .map((route) => ({ route, spellings: spellingsOf(route) }))
  .filter(({ spellings }) => spellings.length > 0);
const SPELLINGS_TRIED = "URL spellings of a victim's id tried";
const ROUTES_NOTE = `${table.length} routes and the live event stream`;

/** The victim's unfinished upload as its owner sees it: no spelling may move, finish or remove it. */
async function victimUploadState() {
  const answer = await app.inject({
    method: 'HEAD',
    url: `/api/videos/uploads/tus/${matrix.resumableUpload}`,
    headers: { authorization: `Bearer ${matrix.victim.token}`, 'tus-resumable': '1.0.0' },
  });
  return `${answer.statusCode} ${answer.headers['upload-offset']}/${answer.headers['upload-length']}`;
}

/** What was wrong with one spelling's answer: a 5xx, or a trace of the victim's data. */
async function judge(spelling: Spelling): Promise<string[]> {
  const answer = await app.inject({
    method: spelling.method as 'GET',
    url: spelling.url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(spelling.body && !spellingHeaders(spelling)['content-type']
        ? { 'content-type': 'application/json' }
        : {}),
      ...spellingHeaders(spelling),
    },
    ...(spelling.body ? { payload: spelling.body } : {}),
    remoteAddress: '10.210.0.1',
  });
  const what = `${spelling.route} (${spelling.spelling}: ${spelling.method} ${spelling.url})`;
  const failures: string[] = [];
  if (answer.statusCode >= 500)
    failures.push(`${what} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  const { date: _date, ...headers } = answer.headers;
  const text = withoutEcho(`${JSON.stringify(headers)}\n${answer.body}`, spelling);
  for (const trace of foreignTraces(text, traces))
    failures.push(`${what} answered ${answer.statusCode} with the victim's ${trace}: ${text.slice(0, 300)}`);
  return failures;
}

describe("URL spellings of a victim's id", () => {
  it('covers the tus paths, REST ids in the path and the query, tRPC ids and signed links', () => {
    const routes = table.map(({ route }) => route);
    for (const expected of [
      'HEAD /api/videos/uploads/tus/:id',
      'PATCH /api/videos/uploads/tus/:id',
      'DELETE /api/videos/uploads/tus/:id',
      'GET /api/companies/:id',
      'GET /api/upload-logs/my-company-video',
      'GET /api/files/:token',
      'GET /api/editor-media/:token',
      'videos.get',
      'editor.saveDraft',
    ])
      expect(routes).toContain(expected);
    // Every route with a parameter in its path is spelled: a new one cannot escape the table.
    const withParameter = [...matrix.restRoutes, ...headOnly].filter((route) => route.includes('/:'));
    expect(withParameter.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(table.map(({ route }) => route))(
    '%s gives nothing of the victim however its id is spelled',
    async (route) => {
      const spellings = table.find((row) => row.route === route)?.spellings ?? [];
      const rowsBefore = await matrix.victimRows();
      const uploadBefore = await victimUploadState();
      const failures: string[] = [];
      for (const spelling of spellings) failures.push(...(await judge(spelling)));
      if ((await matrix.victimRows()) !== rowsBefore)
        failures.push(`${route}: changed the victim company's rows`);
      if ((await victimUploadState()) !== uploadBefore)
        failures.push(
          `${route}: changed the victim's unfinished upload (${uploadBefore} became ${await victimUploadState()})`,
        );
      expect(failures).toEqual([]);
      recordFigure(SPELLINGS_TRIED, spellings.length, ROUTES_NOTE);
    },
  );

  it('streams no victim events to the live subscription however it is spelled', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app is not listening');
    const origin = `http://127.0.0.1:${address.port}`;
    const victimInput = encodeURIComponent(JSON.stringify({ companyId: ids.company }));
    const spellings = [
      `/trpc/events.company?input=${victimInput}`,
      `/trpc/events.company?x=/${ids.company}`,
      `/trpc/events.company/?input=${victimInput}`,
      `/trpc//events.company?x=/${ids.company}`,
    ];
    let nextVideo = 910_000;
    for (const spelled of spellings) {
      const stream = await subscribe(`${origin}${spelled}`, { authorization: `Bearer ${token}` }).catch(
        (error: Error) => error,
      );
      // A spelling the server refuses outright streams nothing: a refusal, never a 5xx.
      if (stream instanceof Error) {
        expect(stream.message, spelled).toMatch(/answered [1-4]\d\d$/);
        continue;
      }
      const seen: string[] = [];
      try {
        const ownEvent = (videoId: number) => (event: ReceivedEvent) => {
          seen.push(event.data);
          return isEventOfVideo(videoId)(event);
        };
        nextVideo += 2;
        const warmUp = nextVideo;
        await untilLive(
          stream,
          () => publishEvent(db, { type: 'video', companyId: ownCompany, videoId: warmUp }),
          ownEvent(warmUp),
          {
            attempts: 21,
            waitMs: 500,
          },
        );
        await publishEvent(db, { type: 'video', companyId: ids.company, videoId: warmUp + 1 });
        await publishEvent(db, { type: 'video', companyId: ownCompany, videoId: warmUp + 2 });
        nextVideo += 2;
        await stream.next(ownEvent(warmUp + 2), 5000);
        expect(seen.join('\n'), spelled).not.toContain(`"companyId":${ids.company}`);
        expect(seen.join('\n'), spelled).not.toContain(String(warmUp + 1));
      } finally {
        stream.close();
      }
    }
    recordFigure(SPELLINGS_TRIED, spellings.length, ROUTES_NOTE);
  });
});

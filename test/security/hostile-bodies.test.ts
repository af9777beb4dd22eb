import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../server/domains/ledger/invariant';
import { startFakeStripe } from '../fakes/stripe';
import { changedTables, databaseDigest, tablesContaining } from '../support/db-digest';
import { recordFigure } from '../support/figures';
import { adminToken, signedUpUser, testApp } from '../support/http';

/**
 * Every REST route that takes a body, enumerated from the running app, receives hostile bodies
 * generated from one body it accepts: each field of the wrong type, missing, or a huge string; the
 * whole body null, an array, deeply nested, of 20,000 keys, over the size limit, invalid JSON, or of
 * the wrong content type. Never a 500; a refused field is a 400 naming it; nothing is written.
 * A route that takes a body and is missing from the table below fails the suite.
 */
const WEBHOOK_SECRET = 'whsec_hostile_bodies_secret';
const fakeStripe = await startFakeStripe({
  webhookUrl: 'http://127.0.0.1:1/unused',
  webhookSecret: WEBHOOK_SECRET,
});
afterAll(() => fakeStripe.close());
const { app, routes, call, db } = await testApp({
  STRIPE_SECRET_KEY: 'sk_test_local_fake',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fakeStripe.url,
  RATE_LIMIT_SIGNUPS_PER_HOUR: '100000',
  RATE_LIMIT_UPLOADS_PER_HOUR: '100000',
});
const BODY_LIMIT = app.initialConfig.bodyLimit ?? 1024 * 1024;
const admin = await adminToken(call);
const user = await signedUpUser(call, 'hostile');
const target = await signedUpUser(call, 'target');
const companyId = user.companyId ?? 0;
const tokens = { anonymous: undefined, user: user.token, admin } as const;

const signer = new Stripe('sk_test_signer');
/** A paid session credited once in setup: a replay of it, however mangled, must credit nothing. */
const paidEvent = {
  id: 'evt_hostile',
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: 'cs_test_hostile',
      object: 'checkout.session',
      client_reference_id: String(companyId),
      amount_total: 500,
      currency: 'eur',
      payment_status: 'paid',
    },
  },
};

type Caller = keyof typeof tokens;
interface Route {
  /** `json`: a JSON body; `signed`: a JSON body signed like Stripe's; `multipart`: files, so JSON is wrong. */
  kind: 'json' | 'signed' | 'multipart';
  as: Caller;
  url: string;
  /** A body the route accepts. */
  body?: Record<string, unknown>;
  /** Fields the route may go without. */
  optional?: string[];
  /** Odd values a field takes by design (`*`: any value, the field is ignored). */
  accepts?: Record<string, string[]>;
}

/** How to reach each route that takes a body with a body it accepts; `null` for routes that read none. */
const ROUTES: Record<string, Route | null> = {
  'POST /api/auth/local': {
    kind: 'json',
    as: 'anonymous',
    url: '/api/auth/local',
    body: { identifier: user.email, password: user.password },
  },
  'POST /api/auth/local/register': {
    kind: 'json',
    as: 'anonymous',
    url: '/api/auth/local/register',
    body: {
      username: 'newcomer',
      email: 'newcomer@example.com',
      password: 'Secret-pass1!',
      suggestion: 'Co',
    },
    optional: ['suggestion'],
    accepts: { suggestion: ['null'] },
  },
  // An address without an account: the same answer as any, and nothing is written.
  'POST /api/auth/forgot-password': {
    kind: 'json',
    as: 'anonymous',
    url: '/api/auth/forgot-password',
    body: { email: 'nobody-here@example.com' },
  },
  // A well-formed body with a made-up code is refused too (400), and changes no password.
  'POST /api/auth/reset-password': {
    kind: 'json',
    as: 'anonymous',
    url: '/api/auth/reset-password',
    body: { code: 'made-up-code', password: 'Hostile-pass1!', passwordConfirmation: 'Hostile-pass1!' },
  },
  'PUT /api/users/me': {
    kind: 'json',
    as: 'user',
    url: '/api/users/me',
    body: { username: 'renamed', password: 'Hostile-pass1', company: companyId },
    optional: ['username', 'password', 'company'],
    accepts: { company: ['null'] },
  },
  'PUT /api/users/:id': {
    kind: 'json',
    as: 'admin',
    url: `/api/users/${target.id}`,
    body: {
      company: target.companyId,
      suggestion: 'Co',
      credits: 3,
      username: 'target-renamed',
      password: 'Target-pass1!',
    },
    optional: ['company', 'suggestion', 'credits', 'username', 'password'],
    accepts: { company: ['null'], suggestion: ['null'] },
  },
  'DELETE /api/users/:id': null,
  'POST /api/companies': {
    kind: 'json',
    as: 'admin',
    url: '/api/companies',
    body: { data: { name: 'Hostile Co', address: 'Street 1', credits: 5, admin: [target.id] } },
    optional: ['data.credits', 'data.admin'],
  },
  'PUT /api/companies/:id': {
    kind: 'json',
    as: 'admin',
    url: `/api/companies/${companyId}`,
    body: { data: { name: 'Renamed Co', address: 'Street 2', credits: 7 } },
    optional: ['data.name', 'data.address', 'data.credits'],
  },
  'DELETE /api/companies/:id': null,
  'POST /api/audit-trails': {
    kind: 'json',
    as: 'anonymous',
    url: '/api/audit-trails',
    body: { data: { user: user.id, action: 'opened the page' } },
    optional: ['data.user'],
    // The legacy client names its user; the server records the session's, so the field is ignored.
    accepts: { 'data.user': ['*'] },
  },
  'PUT /api/conversion/:id': {
    kind: 'json',
    as: 'admin',
    url: '/api/conversion/1',
    body: { data: { name: 'Euro', currency: 'EUR', rate: 1 } },
    optional: ['data.name', 'data.currency', 'data.rate'],
  },
  'POST /api/checkout-session': {
    kind: 'json',
    as: 'user',
    url: '/api/checkout-session',
    body: { data: { quantity: 5, clientReferenceId: companyId } },
    optional: ['data.clientReferenceId'],
    // The company paid for is always the caller's own, so the client's claim is ignored.
    accepts: { 'data.clientReferenceId': ['*'] },
  },
  'POST /api/stripe/webhook': {
    kind: 'signed',
    as: 'anonymous',
    url: '/api/stripe/webhook',
    body: paidEvent,
  },
  'PUT /api/contents/:id': {
    kind: 'json',
    as: 'admin',
    url: '/api/contents/1',
    body: { data: { title: 'Home', html: '<p>Welcome</p>' } },
  },
  'POST /api/messages': {
    kind: 'json',
    as: 'admin',
    url: '/api/messages',
    body: { data: { title: 'Hello', message: 'World', company: companyId } },
  },
  'DELETE /api/messages/:id': null,
  'POST /api/upload-log': { kind: 'multipart', as: 'user', url: '/api/upload-log' },
  'POST /api/upload-log/hc': { kind: 'multipart', as: 'user', url: '/api/upload-log/hc' },
  'POST /api/upload-srt': { kind: 'multipart', as: 'user', url: '/api/upload-srt' },
  'POST /api/videos/upload-subtitles': { kind: 'multipart', as: 'user', url: '/api/videos/upload-subtitles' },
  'DELETE /api/upload-logs/:id': null,
  // Issue 40 (languages-server): no such video, so even a well-formed body adds nothing.
  'POST /api/videos/:id/languages': {
    kind: 'json',
    as: 'user',
    url: '/api/videos/999999/languages',
    body: { language: 'fr', burn: true },
    optional: ['burn'],
    // A boolean: `true` is its own type.
    accepts: { burn: ['true'] },
  },
  'POST /api/videos/upload': { kind: 'multipart', as: 'user', url: '/api/videos/upload' },
  'POST /api/videos/upload/hc': { kind: 'multipart', as: 'user', url: '/api/videos/upload/hc' },
  'POST /api/videos/uploads/srt': { kind: 'multipart', as: 'user', url: '/api/videos/uploads/srt' },
  // tus 1.0: no JSON body; bad headers and metadata are tested in server/domains/uploads/resumable-upload.test.ts.
  'POST /api/videos/uploads/tus': null,
  'PATCH /api/videos/uploads/tus/:id': null,
  'DELETE /api/videos/uploads/tus/:id': null,
};

const MARKER = 'hostile-junk-marker';
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const manyKeys = () =>
  JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])));

type Field = { path: string[]; value: unknown };
const REMOVE = Symbol('remove');

/** The leaves of a body: every value that is not a plain object. */
function fieldsOf(body: unknown, path: string[] = []): Field[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [{ path, value: body }];
  return Object.entries(body).flatMap(([key, value]) => fieldsOf(value, [...path, key]));
}

function withField(body: Record<string, unknown>, path: string[], value: unknown | typeof REMOVE) {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path.at(-1) ?? '';
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}

/** Values of the wrong type for a field, chosen by the type of the value it accepts. */
function wrongValues(value: unknown): [string, unknown][] {
  const deep = JSON.parse(nested(2000));
  const common: [string, unknown][] = [
    ['null', null],
    ['true', true],
    ['an object', { a: 1 }],
    ['a nested object', deep],
  ];
  // Long enough to pass any strength rule, so only a length limit can refuse it.
  const huge = `Hh1!${'h'.repeat(300_000)}`;
  if (typeof value === 'string')
    return [['a number', 12345], ['a huge string', huge], ['an array', []], ...common];
  if (typeof value === 'number')
    return [['a word', 'not-a-number'], ['an empty string', ''], ['an array', []], ...common];
  if (Array.isArray(value))
    return [['a word', 'x'], ['a number', 7], ['an array of booleans', [true]], ...common];
  return [['an array', []], ...common];
}

interface Case {
  name: string;
  payload: string;
  contentType?: string;
  /** A field that must be named in the 400 that refuses it. */
  field?: string;
  /** The body may be accepted (an optional field left out, an ignored field, ignored extra keys). */
  mayBeAccepted?: boolean;
  expectStatus?: number;
}

function fieldCases(route: Route): Case[] {
  const body = route.body ?? {};
  return fieldsOf(body).flatMap(({ path, value }) => {
    const field = path.join('.');
    const accepted = route.accepts?.[field] ?? [];
    const missing: Case = {
      name: `${field} missing`,
      payload: JSON.stringify(withField(body, path, REMOVE)),
      ...(route.optional?.includes(field) ? { mayBeAccepted: true } : { field }),
    };
    return [
      missing,
      ...wrongValues(value).map(([name, wrong]) => ({
        name: `${field} as ${name}`,
        payload: JSON.stringify(withField(body, path, wrong)),
        ...(accepted.includes('*') || accepted.includes(name) ? { mayBeAccepted: true } : { field }),
      })),
    ];
  });
}

function wholeBodyCases(route: Route): Case[] {
  const body = route.body ?? { data: { name: 'x' } };
  const json = JSON.stringify(body);
  const cases: Case[] = [
    { name: 'null', payload: 'null' },
    { name: 'a string', payload: '"hello"' },
    { name: 'a number', payload: '42' },
    { name: 'true', payload: 'true' },
    { name: 'an empty object', payload: '{}' },
    { name: 'an array instead of the object', payload: JSON.stringify([body]) },
    { name: 'data as null', payload: '{"data":null}' },
    { name: 'data as an array', payload: JSON.stringify({ data: [body.data ?? body] }) },
    { name: 'nested 10,000 deep', payload: nested(10_000) },
    { name: 'data nested 10,000 deep', payload: `{"data":${nested(10_000)}}` },
    { name: 'an object of 20,000 keys', payload: manyKeys() },
    { name: 'a __proto__ key', payload: '{"__proto__":{"role":"Admin"},"data":{"__proto__":{"x":1}}}' },
    { name: 'a constructor.prototype key', payload: '{"constructor":{"prototype":{"role":"Admin"}}}' },
    { name: 'invalid JSON', payload: json.slice(0, -3) },
    { name: 'an empty body', payload: '' },
    { name: 'form-encoded', payload: 'data[name]=x', contentType: 'application/x-www-form-urlencoded' },
    { name: 'XML', payload: '<data><name>x</name></data>', contentType: 'application/xml' },
    {
      name: 'over the size limit',
      payload: JSON.stringify({ ...body, junk: 'x'.repeat(BODY_LIMIT) }),
      expectStatus: 413,
    },
  ];
  if (route.kind === 'multipart') return cases;
  // The JSON a route accepts, sent as text: it is a string to the route, never an object.
  cases.push({ name: 'JSON sent as text/plain', payload: json, contentType: 'text/plain' });
  const junk = `${MARKER}${'j'.repeat(300_000)}`;
  cases.push({
    name: 'an extra huge string',
    payload: JSON.stringify({ ...body, junk }),
    mayBeAccepted: true,
  });
  if (body.data && typeof body.data === 'object')
    cases.push({
      name: 'an extra huge string in data',
      payload: JSON.stringify({ ...body, data: { ...body.data, junk } }),
      mayBeAccepted: true,
    });
  return cases;
}

let ipCounter = 0;
async function send(method: string, route: Route, testCase: Case) {
  ipCounter += 1;
  const headers: Record<string, string> = {
    'content-type': testCase.contentType ?? 'application/json',
  };
  const token = tokens[route.as];
  if (token) headers.authorization = `Bearer ${token}`;
  if (route.kind === 'signed')
    headers['stripe-signature'] = signer.webhooks.generateTestHeaderString({
      payload: testCase.payload,
      secret: WEBHOOK_SECRET,
    });
  const response = await app.inject({
    method: method as 'POST',
    url: route.url,
    headers,
    payload: testCase.payload,
    remoteAddress: `10.77.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  });
  const message: string = response.body.startsWith('{')
    ? (JSON.parse(response.body).error?.message ?? '')
    : '';
  return { status: response.statusCode, message, body: response.body };
}

/**
 * Tables that count attempts, refused ones included, by design: the hourly budgets
 * (server/domains/budgets), spent before the action is tried, as a rate limit counts every request.
 */
const ATTEMPT_COUNTERS = new Set(['public.action_budgets']);

/** What went wrong with one case, or nothing. */
async function judge(method: string, route: Route, testCase: Case): Promise<string | undefined> {
  const before = await databaseDigest(db);
  const answer = await send(method, route, testCase);
  const written = changedTables(before, await databaseDigest(db)).filter(
    (table) => !ATTEMPT_COUNTERS.has(table),
  );
  const refused = answer.status >= 400;
  const said = `${answer.status} ${answer.message || answer.body.slice(0, 120)}`;
  if (answer.status >= 500) return `answered ${said}`;
  if (testCase.expectStatus && answer.status !== testCase.expectStatus)
    return `expected ${testCase.expectStatus}, answered ${said}`;
  if (testCase.field && route.kind === 'json') {
    if (answer.status !== 400) return `expected a 400 naming ${testCase.field}, answered ${said}`;
    const named = answer.message.split(':')[0] ?? '';
    if (!named.startsWith(testCase.field)) return `the 400 names "${named}", not ${testCase.field}: ${said}`;
  } else if (!refused && !testCase.mayBeAccepted && route.kind !== 'signed') return `accepted: ${said}`;
  // A signed body is a replay of a payment already credited: whatever its shape, it credits nothing.
  if (written.length > 0 && (refused || !testCase.mayBeAccepted || route.kind === 'signed'))
    return `answered ${said} yet wrote ${written.join(', ')}`;
  const stored = written.length > 0 ? await tablesContaining(db, MARKER) : [];
  if (stored.length > 0) return `stored the extra junk in ${stored.join(', ')}`;
  return undefined;
}

/** Counted after each route's assertions, so only what passed is recorded. */
const proven = { bodies: 0, routes: 0 };

const bodyRoutes = routes
  .filter((route) => route.url.startsWith('/api/') && !['GET', 'HEAD'].includes(route.method))
  .map((route) => `${route.method} ${route.url}`);

describe('hostile JSON bodies on every REST route', () => {
  it('knows every REST route that takes a body', () => {
    expect(bodyRoutes.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !bodyRoutes.includes(route))).toEqual([]);
  });

  it('credited the paid session of the replays once, in setup', async () => {
    const payload = JSON.stringify(paidEvent);
    const answer = await send('POST', ROUTES['POST /api/stripe/webhook'] as Route, {
      name: 'setup',
      payload,
    });
    expect(answer.body).toContain('"credited"');
  });

  const routesWithBodies = Object.entries(ROUTES).filter(([, route]) => route !== null) as [string, Route][];

  it.each(routesWithBodies)(
    '%s refuses them with a 400 naming the field, never a 500, writing nothing',
    async (name, route) => {
      const cases =
        route.kind === 'multipart' ? wholeBodyCases(route) : [...fieldCases(route), ...wholeBodyCases(route)];
      const [method = 'POST'] = name.split(' ');
      const problems: string[] = [];
      for (const testCase of cases) {
        const problem = await judge(method, route, testCase);
        if (problem) problems.push(`${testCase.name}: ${problem}`);
      }
      expect(problems, name).toEqual([]);
      proven.bodies += cases.length;
      proven.routes += 1;
    },
  );

  it('left every balance equal to the sum of its ledger', async () => {
    expect(await findLedgerMismatches(db)).toEqual([]);
    const company = await call('GET', '/api/company/my', { token: user.token });
    expect(company.response.statusCode).toBe(200);
    // The scan that found no extra junk stored does find what is stored.
    expect(await tablesContaining(db, user.email)).toContain('public.users');
    recordFigure('hostile bodies sent', proven.bodies, `${proven.routes} REST routes that take a body`);
  });
});

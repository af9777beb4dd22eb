import { readdir } from 'node:fs/promises';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_LOGIN_FAILURES } from '../../server/domains/auth/login-limit';
import { resumableUploadsDirectory } from '../../server/domains/uploads/resumable-store';
import { MAX_TRPC_BATCH_CALLS } from '../../shared/limits';
import { RESUMABLE_UPLOAD_PATH } from '../../shared/schemas/resumable-upload';
import { recordFigure } from '../support/figures';
import { signedUpUser, testApp, testCaller } from '../support/http';
import { runQueuedJobs } from '../support/jobs';
import { finishedVideo, tokenOfReviewUrl } from '../support/review-links';

/**
 * Every hourly limit, and the login lock, attacked the ways that got around them: many calls in one
 * tRPC batch, many requests at once, other spellings of a path, the other transports of the same
 * action (REST, tRPC, tus), and a forged X-Forwarded-For. Each attack sends more attempts than the
 * budget; exactly the budget gets past the limit, the rest (and the last attempt, sent after the
 * others) are refused with 429, and no more accounts, mails, uploads or comments exist than the budget allows.
 */
const BUDGET = 3;
const ATTEMPTS = MAX_TRPC_BATCH_CALLS;
const { app, call, db, pool, services } = await testApp({
  RATE_LIMIT_SIGNUPS_PER_HOUR: String(BUDGET),
  RATE_LIMIT_UPLOADS_PER_HOUR: String(BUDGET),
  RATE_LIMIT_REVIEW_COMMENTS_PER_ADDRESS: String(BUDGET),
});

let attackers = 0;
/** A new attacker for each attack: its own address, so one attack's budget is not another's. */
const nextAddress = () => {
  attackers += 1;
  return `10.66.${attackers}.9`;
};

/** One way to ask for the action once: a REST path in one spelling, a tRPC procedure, or tus. */
interface Way {
  kind: 'rest' | 'trpc' | 'tus';
  /** The request of the n-th attempt. */
  request(n: number): InjectOptions;
}

const json = (method: 'POST', url: string, body: unknown, token?: string): InjectOptions => ({
  method,
  url,
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
});
const rest = (url: string, body: (n: number) => unknown, token?: string): Way => ({
  kind: 'rest',
  request: (n) => json('POST', url, body(n), token),
});
const trpc = (procedure: string, input: (n: number) => unknown, token?: string): Way => ({
  kind: 'trpc',
  request: (n) => json('POST', `/trpc/${procedure}`, input(n), token),
});

/** What one attack is run against: the ways of one action, and how to count what got through. */
interface Target {
  budget: number;
  ways: Way[];
  /** The procedure and input of one tRPC call, for a batch (absent when the action has no tRPC face). */
  batchCall?: { procedure: string; input(n: number): unknown; token?: string };
  /** Paths written another way that still reach the same route. */
  spellings: Way[];
  /** Accounts, sessions, mails or uploads the attack created, counted after it. */
  created(): Promise<number>;
  /** How many it may create: the budget, or none for the login lock (the right password comes last). */
  mayCreate: number;
  /** The answers of the attempts within the budget (a wrong password's 401, an empty upload form's 400). */
  answersWithin: number[];
}

interface Limit {
  name: string;
  /** Whether the action has a tRPC procedure (a batch can carry it). */
  batchable: boolean;
  /** A fresh target for one attack (a new victim, a new user, so budgets start full). */
  target(): Promise<Target>;
}

const PASSWORD = 'Secret-pass1!';
const WRONG = 'Wrong-pass1!x';
const wrongThenRight = (n: number) => (n === ATTEMPTS - 1 ? PASSWORD : WRONG);

const LIMITS: Limit[] = [
  {
    name: 'login lock',
    batchable: true,
    async target() {
      const victim = await signedUpUser(call, 'lockvictim', false);
      const rests = ['/api/auth/local', '/api/auth/local/', '/api/auth/%6Cocal'].map((url) =>
        rest(url, (n) => ({ identifier: victim.email, password: wrongThenRight(n) })),
      );
      const tRPC = trpc('auth.login', (n) => ({ email: victim.email, password: wrongThenRight(n) }));
      return {
        budget: MAX_LOGIN_FAILURES,
        ways: [rests[0] as Way, tRPC],
        spellings: rests,
        batchCall: {
          procedure: 'auth.login',
          input: (n) => ({ email: victim.email, password: wrongThenRight(n) }),
        },
        // signedUpUser logged in once; the attack's right password opens nothing.
        created: async () => (await sessionsOf(victim.id)) - 1,
        mayCreate: 0,
        answersWithin: [401],
      };
    },
  },
  {
    name: 'sign-up',
    batchable: true,
    async target() {
      const prefix = `signup${attackers}x${Date.now()}`;
      const registerBody = (n: number) => ({
        username: `${prefix}${n}`,
        email: `${prefix}${n}@example.com`,
        password: PASSWORD,
      });
      const signupInput = (n: number) => ({
        username: `${prefix}t${n}`,
        email: `${prefix}t${n}@example.com`,
        password: PASSWORD,
        passwordRetype: PASSWORD,
        terms: true,
        existingCompany: false,
        companyName: `${prefix} company ${n}`,
        companyAddress: 'Street 1',
      });
      const rests = [
        '/api/auth/local/register',
        '/api/auth/local/register/',
        '/api/auth/local/regist%65r',
      ].map((url) => rest(url, registerBody));
      return {
        budget: BUDGET,
        ways: [rests[0] as Way, trpc('auth.signup', signupInput)],
        spellings: [
          ...rests,
          { kind: 'trpc', request: (n) => json('POST', '/trpc/auth.signup/', signupInput(n)) },
        ],
        batchCall: { procedure: 'auth.signup', input: signupInput },
        created: async () => {
          const users = await db
            .selectFrom('users')
            .select('id')
            .where('email', 'like', `${prefix}%`)
            .execute();
          const companies = await db
            .selectFrom('companies')
            .select('id')
            .where('name', 'like', `${prefix}%`)
            .execute();
          return Math.max(users.length, companies.length);
        },
        mayCreate: BUDGET,
        answersWithin: [200],
      };
    },
  },
  {
    name: 'reset request',
    batchable: true,
    async target() {
      const victim = await signedUpUser(call, 'resetvictim', false);
      const body = () => ({ email: victim.email });
      const rests = [
        '/api/auth/forgot-password',
        '/api/auth/forgot-password/',
        '/api/auth/forgot%2Dpassword',
      ].map((url) => rest(url, body));
      return {
        budget: BUDGET,
        ways: [rests[0] as Way, trpc('auth.requestPasswordReset', body)],
        spellings: rests,
        batchCall: { procedure: 'auth.requestPasswordReset', input: body },
        created: async () => {
          await runQueuedJobs(pool, services);
          const tokens = await db
            .selectFrom('account_tokens')
            .select(['used_at', 'expires_at'])
            .where('user_id', '=', victim.id)
            .where('purpose', '=', 'password_reset')
            .execute();
          // Only the latest link opens anything, however many were sent at once.
          expect(tokens.filter((token) => token.used_at === null).length).toBeLessThanOrEqual(1);
          return tokens.length;
        },
        mayCreate: BUDGET,
        answersWithin: [200],
      };
    },
  },
  {
    name: 'upload',
    batchable: false,
    async target() {
      const user = await signedUpUser(call, 'uploader');
      // An empty form: past the limit it is refused for its missing file (400), never read further.
      const multipart = (url: string): Way => ({
        kind: 'rest',
        request: () => ({
          method: 'POST',
          url,
          payload: '--x--\r\n',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            authorization: `Bearer ${user.token}`,
          },
        }),
      });
      const tus: Way = {
        kind: 'tus',
        request: (n) => ({
          method: 'POST',
          url: RESUMABLE_UPLOAD_PATH,
          headers: {
            authorization: `Bearer ${user.token}`,
            'tus-resumable': '1.0.0',
            'upload-length': String(1_500_000_000),
            'upload-metadata': tusMetadata({
              mode: 'generate',
              filename: `big${n}.mp4`,
              title: `Big ${n}`,
              rso: 'full-text',
              in_lan: 'en',
              out_lan: 'en',
            }),
          },
        }),
      };
      const paths = ['/api/upload-log', '/api/upload-log/hc', '/api/videos/upload', '/api/videos/upload/hc'];
      return {
        budget: BUDGET,
        ways: [
          ...paths.map(multipart),
          tus,
          multipart('/api/upload-srt'),
          multipart('/api/videos/upload-subtitles'),
        ],
        spellings: [
          multipart('/api/upload-log/'),
          multipart('/api/upload-log/hc/'),
          multipart('/api/videos/upload/hc/'),
          multipart('/api/upload-%6Cog'),
        ],
        // The resumable uploads created (the empty forms create nothing).
        created: async () =>
          (await readdir(resumableUploadsDirectory(services.config)).catch(() => [] as string[])).filter(
            (name) => name.startsWith(`c${user.companyId}-`) && !name.endsWith('.json'),
          ).length,
        mayCreate: BUDGET,
        answersWithin: [400, 201],
      };
    },
  },
  {
    name: 'invitation',
    batchable: true,
    async target() {
      const admin = await signedUpUser(call, 'inviter');
      const prefix = `invitee${attackers}x${Date.now()}`;
      const input = (n: number) => ({ email: `${prefix}${n}@example.com` });
      return {
        budget: BUDGET,
        ways: [trpc('team.invite', input, admin.token)],
        spellings: [
          { kind: 'trpc', request: (n) => json('POST', '/trpc/team.invite/', input(n), admin.token) },
          { kind: 'trpc', request: (n) => json('POST', '/trpc/team%2Einvite', input(n), admin.token) },
        ],
        batchCall: { procedure: 'team.invite', input, token: admin.token },
        created: async () =>
          (
            await db
              .selectFrom('company_invitations')
              .select('id')
              .where('email', 'like', `${prefix}%`)
              .execute()
          ).length,
        mayCreate: BUDGET,
        answersWithin: [200],
      };
    },
  },
  {
    // Without an account: each attempt through a link of its own, so only the address's budget holds it.
    name: 'review comment',
    batchable: true,
    async target() {
      const owner = await signedUpUser(call, 'reviewed');
      const video = await finishedVideo(db, owner, `reviewed-${attackers}`, 'Reviewed words');
      const tokens: string[] = [];
      for (let n = 0; n < ATTEMPTS; n++) {
        const made = await testCaller(app, owner.token).mutation('comments.createReviewLink', {
          videoId: video,
        });
        tokens.push(tokenOfReviewUrl(made.data.url));
      }
      const input = (n: number) => ({
        token: tokens[n],
        cueId: 'cue-1',
        startMs: 0,
        endMs: 1500,
        body: `attempt ${n}`,
        name: 'Guest',
      });
      return {
        budget: BUDGET,
        ways: [trpc('review.addComment', input)],
        spellings: [
          { kind: 'trpc', request: (n) => json('POST', '/trpc/review.addComment/', input(n)) },
          { kind: 'trpc', request: (n) => json('POST', '/trpc/review%2EaddComment', input(n)) },
        ],
        batchCall: { procedure: 'review.addComment', input },
        created: async () =>
          (await db.selectFrom('cue_comments').select('id').where('video_id', '=', video).execute()).length,
        mayCreate: BUDGET,
        answersWithin: [200],
      };
    },
  },
  {
    name: 'verification resend',
    batchable: true,
    async target() {
      const user = await signedUpUser(call, 'resender', false);
      const before = await tokensOf(user.id, 'email_verification');
      return {
        budget: BUDGET,
        ways: [trpc('auth.resendVerification', () => undefined, user.token)],
        spellings: [
          {
            kind: 'trpc',
            request: () => json('POST', '/trpc/auth.resendVerification/', undefined, user.token),
          },
        ],
        batchCall: { procedure: 'auth.resendVerification', input: () => undefined, token: user.token },
        created: async () => (await tokensOf(user.id, 'email_verification')) - before,
        mayCreate: BUDGET,
        answersWithin: [200],
      };
    },
  },
];

function tusMetadata(fields: Record<string, string>) {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

async function sessionsOf(userId: number) {
  return (await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;
}

async function tokensOf(userId: number, purpose: 'password_reset' | 'email_verification') {
  return (
    await db
      .selectFrom('account_tokens')
      .select('id')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .execute()
  ).length;
}

/** Sends one request from `ip`; answers its status. */
async function send(options: InjectOptions, ip: string, forwardedFor?: string) {
  const response = await app.inject({
    ...options,
    remoteAddress: ip,
    headers: { ...(options.headers ?? {}), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
  return response.statusCode;
}

/** The statuses of every attempt of one attack, in the order they were sent. */
type Attack = (target: Target, ip: string) => Promise<number[]>;

const sequentially = async (requests: ((n: number) => Promise<number>)[]) => {
  const statuses: number[] = [];
  for (const [n, request] of requests.entries()) statuses.push(await request(n));
  return statuses;
};

const ATTACKS: Record<string, Attack> = {
  /**
   * All but the last as the calls of one tRPC batch (tRPC runs them at once), then the last alone:
   * for the login lock, the right password after the wrong ones.
   */
  'one tRPC batch': async (target, ip) => {
    const batch = target.batchCall as NonNullable<Target['batchCall']>;
    const calls = Array.from({ length: ATTEMPTS - 1 }, (_, n) => n);
    const response = await app.inject({
      ...json(
        'POST',
        `/trpc/${calls.map(() => batch.procedure).join(',')}?batch=1`,
        Object.fromEntries(calls.map((n) => [String(n), batch.input(n)])),
        batch.token,
      ),
      remoteAddress: ip,
    });
    const answers = response.json() as { error?: { data?: { httpStatus?: number } } }[];
    expect(Array.isArray(answers), response.body).toBe(true);
    const last = json('POST', `/trpc/${batch.procedure}`, batch.input(ATTEMPTS - 1), batch.token);
    return [...answers.map((answer) => answer.error?.data?.httpStatus ?? 200), await send(last, ip)];
  },
  /** All but the last at once, then the last alone. */
  'requests at once': async (target, ip) => {
    const way = target.ways[0] as Way;
    const first = await Promise.all(Array.from({ length: ATTEMPTS - 1 }, (_, n) => send(way.request(n), ip)));
    return [...first, await send(way.request(ATTEMPTS - 1), ip)];
  },
  /** The path written in every spelling that reaches the route, in turn. */
  'other spellings of the path': (target, ip) =>
    sequentially(
      Array.from({ length: ATTEMPTS }, (_, n) => () => {
        const way = target.spellings[n % target.spellings.length] as Way;
        return send(way.request(n), ip);
      }),
    ),
  /** REST, tRPC and tus in turn for the same action. */
  'every transport in turn': (target, ip) =>
    sequentially(
      Array.from({ length: ATTEMPTS }, (_, n) => () => {
        const way = target.ways[n % target.ways.length] as Way;
        return send(way.request(n), ip);
      }),
    ),
  /** Each request claims another client address in X-Forwarded-For (no proxy is configured). */
  'forged X-Forwarded-For': (target, ip) =>
    sequentially(
      Array.from({ length: ATTEMPTS }, (_, n) => () => {
        const way = target.ways[0] as Way;
        return send(way.request(n), ip, `203.0.113.${n + 1}`);
      }),
    ),
};

/** Every limit against every attack that can reach it (a batch only carries tRPC calls). */
const CASES = LIMITS.flatMap((limit) =>
  Object.keys(ATTACKS)
    .filter((attack) => limit.batchable || attack !== 'one tRPC batch')
    .map((attack) => ({ limit, attack })),
);
let refusedAtTheLimit = 0;

describe.each(CASES)('the $limit.name limit', ({ limit, attack: attackName }) => {
  it(`holds against ${attackName}`, async () => {
    const target = await limit.target();
    const attack = ATTACKS[attackName] as Attack;
    const statuses = await attack(target, nextAddress());
    expect(statuses).toHaveLength(ATTEMPTS);
    const passed = statuses.filter((status) => status !== 429);
    expect(passed, JSON.stringify(statuses)).toHaveLength(target.budget);
    for (const status of passed) expect(target.answersWithin, JSON.stringify(statuses)).toContain(status);
    // The last attempt (the right password, for the login lock) is refused too.
    expect(statuses.at(-1), JSON.stringify(statuses)).toBe(429);
    expect(await target.created()).toBeLessThanOrEqual(target.mayCreate);
    refusedAtTheLimit += 1;
  });
});

describe('the attack table', () => {
  it('counts the attacks refused at the limit', () => {
    expect(refusedAtTheLimit).toBe(CASES.length);
    recordFigure(
      'limit attacks refused at the limit',
      refusedAtTheLimit,
      `${LIMITS.length} limits, ${Object.keys(ATTACKS).length} ways around them`,
      CASES.length,
    );
  });
});

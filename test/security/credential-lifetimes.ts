import { Readable } from 'node:stream';
import { expect } from 'vitest';
import {
  issueAccountToken,
  PASSWORD_RESET_LIFETIME_MS,
} from '../../server/domains/accounts/account-token-repo';
import { insertInvitation } from '../../server/domains/team/repo';
import { INVITATION_LIFETIME_MS } from '../../server/domains/team/service';
import { insertVideo } from '../../server/domains/uploads/repo';
import { generateSessionToken, sessionIdOf } from '../../server/http/session-token';
import { publishEvent } from '../../server/realtime/event-hub';
import { signDownload, verifyDownload } from '../../server/storage/signed-urls';
import { adminToken, signedUpUser, type testApp, testCaller } from '../support/http';
import { isEventOfVideo, type SseSubscription, subscribe, untilLive } from '../support/sse-client';

/**
 * The attack table of credential lifetimes: every credential the product hands out, tried after each
 * event that should end it. Each cell issues the credential to a fresh account, shows it works, makes
 * the event happen, then uses the credential again: the answer must be the credential's refusal, with
 * nothing of the company in it. Expiry is made by moving the row's expiry into the past, never by
 * waiting. Beside it, what an API token may not do, tried with a token: refused, the account unchanged.
 * Open the app with a live-stream recheck of about 500 ms, for the expiry cells (nothing announces an
 * expiry); server/realtime/live-access.test.ts proves the push on the 30-second hub.
 * credential-lifetimes.test.ts runs every cell; credential-mutations.test.ts removes each guard and
 * runs the cells it protects, which must then fail.
 */
type EventName =
  | 'logout'
  | 'password change'
  | 'admin reset'
  | 'e-mailed reset'
  | 'token revoke'
  | 'removal from the company'
  | 'expiry';

interface Account {
  id: number;
  email: string;
  password: string;
  /** The signup's own session, which issues the credentials. */
  token: string;
  companyId: number;
  /** Company data that must never be in a refusal. */
  secrets: string[];
  ip: string;
}

interface Answer {
  status: number;
  text: string;
}

interface Credential<Handle> {
  name: string;
  /** The status its use is refused with once it has ended. */
  refusal: number;
  endedBy: EventName[];
  issue(account: Account): Promise<Handle>;
  /** Shows the fresh credential opens the company (without using it up). */
  works(account: Account, handle: Handle): Promise<void>;
  use(account: Account, handle: Handle, event: EventName): Promise<Answer>;
  /** Events this credential meets its own way (its own logout, revocation, expiry). */
  own: Partial<Record<EventName, (account: Account, handle: Handle) => Promise<void>>>;
}

type OpenedApp = Awaited<ReturnType<typeof testApp>>;

/** The cells of the table over `opened`, and how to attack one: the failures, none when it held. */
export async function openCredentialTable(opened: OpenedApp) {
  const { app, call, db, services } = opened;
  const admin = await adminToken(call);

  let accounts = 0;
  async function freshAccount(): Promise<Account> {
    accounts += 1;
    const user = await signedUpUser(call, `lifetime${accounts}x`);
    return {
      id: user.id,
      email: user.email,
      password: user.password,
      token: user.token,
      companyId: user.companyId ?? 0,
      secrets: [`lifetime${accounts}x company`, `lifetime-secret-${accounts}`],
      ip: `10.77.${accounts}.`,
    };
  }

  let logins = 0;
  async function bearerLogin(account: Account, password = account.password): Promise<string> {
    logins += 1;
    const login = await call('POST', '/api/auth/local', {
      body: { identifier: account.email, password },
      ip: `${account.ip}${logins % 250}`,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return login.body.jwt;
  }

  const answerOf = (response: { status: number; body?: unknown; error?: unknown }): Answer => ({
    status: response.status,
    text: JSON.stringify(response.body ?? response.error ?? ''),
  });

  const companyMy = async (headers: Record<string, string>) =>
    answerOf(await call('GET', '/api/company/my', { headers }));

  async function expectOpens(account: Account, answer: Answer) {
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(account.secrets[0]);
  }

  const expireSession = (token: string) =>
    db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sessionIdOf(token))
      .execute();

  const expireApiToken = (id: number) =>
    db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();

  async function createApiToken(account: Account) {
    const created = await testCaller(app, account.token).mutation('apiTokens.create', {
      name: 'lifetime script',
      expiresInDays: 30,
    });
    expect(created.status).toBe(200);
    return created.data as { id: number; token: string };
  }

  const revokeApiToken = async (account: Account, id: number) => {
    expect((await testCaller(app, account.token).mutation('apiTokens.revoke', { id })).status).toBe(200);
  };

  const logoutBearer = async (token: string) => {
    expect((await testCaller(app, token).mutation('auth.logout')).status).toBe(200);
  };

  /** A new password by a mailed link, as the user would set it. */
  async function resetByLink(link: string) {
    const reset = await testCaller(app).mutation('auth.resetPassword', {
      token: link,
      password: 'Reset-by-mail1!',
      passwordRetype: 'Reset-by-mail1!',
    });
    expect(reset.status, JSON.stringify(reset.error)).toBe(200);
  }

  const newResetLink = (account: Account) =>
    issueAccountToken(db, {
      userId: account.id,
      purpose: 'password_reset',
      email: account.email,
      lifetimeMs: PASSWORD_RESET_LIFETIME_MS,
    });

  /** What happens to the whole account, whichever credential is being tried. */
  const ACCOUNT_EVENTS: Partial<Record<EventName, (account: Account) => Promise<void>>> = {
    // From another device: the credential tried is not the session that changes it.
    'password change': async (account) => {
      const other = await bearerLogin(account);
      const changed = await testCaller(app, other).mutation('auth.updateProfile', {
        password: 'Changed-pass1!',
      });
      expect(changed.status, JSON.stringify(changed.error)).toBe(200);
    },
    'admin reset': async (account) => {
      const reset = await call('PUT', `/api/users/${account.id}`, {
        token: admin,
        body: { password: 'Admin-set1!' },
      });
      expect(reset.status).toBe(200);
    },
    'e-mailed reset': async (account) => resetByLink(await newResetLink(account)),
    'removal from the company': async (account) => {
      const out = await call('PUT', `/api/users/${account.id}`, { token: admin, body: { company: 0 } });
      expect(out.status).toBe(200);
    },
  };

  const cookieSession: Credential<string> = {
    name: 'cookie session',
    refusal: 401,
    endedBy: [
      'logout',
      'password change',
      'admin reset',
      'e-mailed reset',
      'removal from the company',
      'expiry',
    ],
    async issue(account) {
      const response = await app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        payload: JSON.stringify({ email: account.email, password: account.password }),
        headers: { 'content-type': 'application/json' },
        remoteAddress: `${account.ip}251`,
      });
      const cookie = [response.headers['set-cookie']].flat().find((line) => line?.startsWith('session='));
      const token = cookie?.split(';')[0]?.slice('session='.length);
      expect(token, response.body).toBeTruthy();
      return token as string;
    },
    works: async (account, token) => expectOpens(account, await companyMy({ cookie: `session=${token}` })),
    use: (_account, token) => companyMy({ cookie: `session=${token}` }),
    own: {
      logout: async (_account, token) => {
        const response = await app.inject({
          method: 'POST',
          url: '/trpc/auth.logout',
          payload: '{}',
          headers: {
            'content-type': 'application/json',
            cookie: `session=${token}; csrf=lifetime-csrf`,
            'x-csrf-token': 'lifetime-csrf',
          },
        });
        expect(response.statusCode, response.body).toBe(200);
      },
      expiry: (_account, token) => expireSession(token).then(() => {}),
    },
  };

  const bearerSession: Credential<string> = {
    name: 'Bearer session',
    refusal: 401,
    endedBy: [
      'logout',
      'password change',
      'admin reset',
      'e-mailed reset',
      'removal from the company',
      'expiry',
    ],
    issue: (account) => bearerLogin(account),
    works: async (account, token) =>
      expectOpens(account, await companyMy({ authorization: `Bearer ${token}` })),
    use: (_account, token) => companyMy({ authorization: `Bearer ${token}` }),
    own: {
      logout: (_account, token) => logoutBearer(token),
      expiry: (_account, token) => expireSession(token).then(() => {}),
    },
  };

  const apiToken: Credential<{ id: number; token: string }> = {
    name: 'API token',
    refusal: 401,
    endedBy: ['admin reset', 'e-mailed reset', 'token revoke', 'removal from the company', 'expiry'],
    issue: createApiToken,
    works: async (account, { token }) =>
      expectOpens(account, await companyMy({ authorization: `Bearer ${token}` })),
    use: (_account, { token }) => companyMy({ authorization: `Bearer ${token}` }),
    own: {
      'token revoke': (account, { id }) => revokeApiToken(account, id),
      expiry: (_account, { id }) => expireApiToken(id).then(() => {}),
    },
  };

  const resetLink: Credential<string> = {
    name: 'reset link',
    refusal: 400,
    endedBy: ['password change', 'admin reset', 'e-mailed reset', 'expiry'],
    issue: newResetLink,
    async works(_account, link) {
      const probe = await testCaller(app).query('auth.passwordResetLinkValid', { token: link });
      expect(probe.data).toEqual({ valid: true });
    },
    async use(_account, link) {
      const attempt = await testCaller(app).mutation('auth.resetPassword', {
        token: link,
        password: 'Attacker-pass1!',
        passwordRetype: 'Attacker-pass1!',
      });
      return { status: attempt.status, text: JSON.stringify(attempt) };
    },
    own: {
      // The link itself is used: a second use must find it spent.
      'e-mailed reset': (_account, link) => resetByLink(link),
      expiry: async (_account, link) => {
        await db
          .updateTable('account_tokens')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('id', '=', sessionIdOf(link))
          .execute();
      },
    },
  };

  const invitationLink: Credential<{ id: number; token: string }> = {
    name: 'invitation link',
    refusal: 400,
    endedBy: ['token revoke', 'expiry'],
    async issue(account) {
      const token = generateSessionToken();
      // As team.invite stores it; the token itself only travels in the e-mail.
      await insertInvitation(db, {
        companyId: account.companyId,
        email: `invited-${account.id}@example.com`,
        tokenHash: sessionIdOf(token),
        invitedBy: account.id,
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      });
      const row = await db
        .selectFrom('company_invitations')
        .select('id')
        .where('token_hash', '=', sessionIdOf(token))
        .executeTakeFirstOrThrow();
      return { id: row.id, token };
    },
    async works(account, { token }) {
      const probe = await testCaller(app).query('team.invitation', { token });
      expect(probe.data).toMatchObject({ valid: true, companyName: account.secrets[0] });
    },
    async use(_account, { token }) {
      const attempt = await testCaller(app).mutation('team.acceptInvitation', {
        token,
        username: 'late invitee',
        password: 'Invitee-pass1!',
        passwordRetype: 'Invitee-pass1!',
        terms: true,
      });
      const probe = await testCaller(app).query('team.invitation', { token });
      return { status: attempt.status, text: JSON.stringify([attempt, probe]) };
    },
    own: {
      'token revoke': async (account, { id }) => {
        const revoked = await testCaller(app, account.token).mutation('team.revokeInvitation', {
          invitationId: id,
        });
        expect(revoked.status).toBe(200);
      },
      expiry: async (_account, { id }) => {
        await db
          .updateTable('company_invitations')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('id', '=', id)
          .execute();
      },
    },
  };

  /** Being in the company: a user removed from it must not be able to attach themself to it again. */
  const membership: Credential<null> = {
    name: 'company membership (rejoined by PUT /api/users/me)',
    refusal: 403,
    endedBy: ['removal from the company'],
    issue: async () => null,
    works: async (account) =>
      expectOpens(account, await companyMy({ authorization: `Bearer ${account.token}` })),
    async use(account) {
      const again = await bearerLogin(account);
      const rejoin = answerOf(
        await call('PUT', '/api/users/me', { token: again, body: { company: account.companyId } }),
      );
      const after = await companyMy({ authorization: `Bearer ${again}` });
      return { status: rejoin.status, text: `${rejoin.text}\n${after.text}` };
    },
    own: {},
  };

  const downloadLink: Credential<{ path: string }> = {
    name: 'signed download link',
    refusal: 404,
    endedBy: ['removal from the company', 'expiry'],
    async issue(account) {
      const key = `videos/lifetime-${account.id}/hardcoded.mp4`;
      await services.storage.write(key, Readable.from([account.secrets[1] ?? '']));
      const videoId = await insertVideo(db, {
        companyId: account.companyId,
        createdBy: account.id,
        mode: 'hardcode',
        filename: 'lifetime.mp4',
        title: 'lifetime',
        description: '',
        rso: null,
        inLan: null,
        outLan: null,
        durationSeconds: 10,
        priceCents: 10,
        sourceKey: `videos/lifetime-${account.id}/source.mp4`,
        audioStartMs: 0,
        srtStatus: 'completed',
      });
      await db
        .updateTable('videos')
        .set({ hardcoded_status: 'completed', hardcoded_key: key })
        .where('id', '=', videoId)
        .execute();
      const link = await call('GET', `/api/download-hardcoded-url?id=${videoId}&video_name=lifetime`, {
        token: account.token,
      });
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      return { path: new URL(link.body.presignedUrl).pathname };
    },
    async works(account, { path }) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(account.secrets[1]);
    },
    async use(_account, { path }) {
      const response = await app.inject({ method: 'GET', url: path });
      return { status: response.statusCode, text: response.body };
    },
    own: {
      // The link carries its expiry, signed (no row): the same link, its time moved into the past.
      expiry: async (_account, handle) => {
        const token = handle.path.split('/').pop() ?? '';
        const grant = verifyDownload(services.secret, token);
        if (!grant) throw new Error('the download link does not verify');
        handle.path = `/api/files/${signDownload(services.secret, { ...grant, expiresAt: Date.now() - 1000 })}`;
      },
    },
  };

  let markers = 700_000;

  /** A live stream of the company opened with `credential`, heard live before the event. */
  interface LiveHandle {
    credential: string;
    tokenId?: number;
    stream?: SseSubscription;
  }

  async function streamUrl() {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app is not listening');
    return `http://127.0.0.1:${address.port}/trpc/events.company`;
  }

  function liveStream(name: string, open: (account: Account) => Promise<Omit<LiveHandle, 'stream'>>) {
    const credential: Credential<LiveHandle> = {
      name,
      refusal: 401,
      endedBy: [],
      issue: open,
      async works(account, handle) {
        handle.stream = await subscribe(await streamUrl(), { authorization: `Bearer ${handle.credential}` });
        markers += 1;
        const videoId = markers;
        await untilLive(
          handle.stream,
          () => publishEvent(db, { type: 'video', companyId: account.companyId, videoId }),
          isEventOfVideo(videoId),
          { attempts: 21, waitMs: 500 },
        );
      },
      async use(account, handle, event) {
        const stream = handle.stream;
        if (!stream) throw new Error('the stream was not opened');
        try {
          // Published after the event: it must not reach the stream, whose end is on its way. An
          // expiry is announced by no one: the stream's recheck finds it, so the test waits for that.
          markers += 1;
          const after = markers;
          if (event !== 'expiry')
            await publishEvent(db, { type: 'video', companyId: account.companyId, videoId: after });
          const heard: string[] = [];
          const refusal = await stream.next((received) => {
            heard.push(received.data);
            return received.event === 'serialized-error';
          }, 10_000);
          await stream.ended;
          const refused = refusal.data.includes('"code":"UNAUTHORIZED"');
          const leaked = heard.some((data) => data.includes(`"videoId":${after}`));
          return { status: refused && !leaked ? 401 : 200, text: heard.join('\n') };
        } finally {
          stream.close();
        }
      },
      own: {},
    };
    return credential;
  }

  const sessionStream = liveStream('live stream (login session)', async (account) => ({
    credential: await bearerLogin(account),
  }));
  sessionStream.endedBy = [
    'logout',
    'password change',
    'admin reset',
    'e-mailed reset',
    'removal from the company',
    'expiry',
  ];
  sessionStream.own = {
    logout: (_account, handle) => logoutBearer(handle.credential),
    expiry: (_account, handle) => expireSession(handle.credential).then(() => {}),
  };

  const tokenStream = liveStream('live stream (API token)', async (account) => {
    const { id, token } = await createApiToken(account);
    return { credential: token, tokenId: id };
  });
  tokenStream.endedBy = [
    'admin reset',
    'e-mailed reset',
    'token revoke',
    'removal from the company',
    'expiry',
  ];
  tokenStream.own = {
    'token revoke': (account, handle) => revokeApiToken(account, handle.tokenId ?? 0),
    expiry: (_account, handle) => expireApiToken(handle.tokenId ?? 0).then(() => {}),
  };

  // biome-ignore lint/suspicious/noExplicitAny: a table of credentials with handles of different shapes.
  const CREDENTIALS: Credential<any>[] = [
    cookieSession,
    bearerSession,
    apiToken,
    resetLink,
    invitationLink,
    downloadLink,
    membership,
    sessionStream,
    tokenStream,
  ];

  /** What a token may not do, tried with a fresh account's token: refused, and the password still works. */
  const TOKEN_LIMITS: { label: string; attempt: (account: Account, token: string) => Promise<Answer> }[] = [
    {
      label: 'API token may not change the password (tRPC)',
      attempt: async (_account, token) =>
        answerOf(await testCaller(app, token).mutation('auth.updateProfile', { password: 'Taken-over1!' })),
    },
    {
      label: 'API token may not change the password (REST)',
      attempt: async (_account, token) =>
        answerOf(await call('PUT', '/api/users/me', { token, body: { password: 'Taken-over1!' } })),
    },
    {
      label: 'API token may not change the username',
      attempt: async (_account, token) =>
        answerOf(await testCaller(app, token).mutation('auth.updateProfile', { username: 'taken-over' })),
    },
    {
      label: 'API token may not mint another token',
      attempt: async (_account, token) =>
        answerOf(
          await testCaller(app, token).mutation('apiTokens.create', { name: 'forever', expiresInDays: null }),
        ),
    },
    {
      label: 'API token may not invite into the company',
      attempt: async (account, token) =>
        answerOf(
          await testCaller(app, token).mutation('team.invite', { email: `taken-${account.id}@example.com` }),
        ),
    },
  ];

  async function lifetimeCell(credential: Credential<unknown>, event: EventName) {
    const account = await freshAccount();
    const handle = await credential.issue(account);
    await credential.works(account, handle);
    const happen = credential.own[event] ?? ACCOUNT_EVENTS[event];
    if (!happen) throw new Error(`no action for ${event}`);
    await happen(account, handle);
    const answer = await credential.use(account, handle, event);
    expect(answer.status, answer.text).toBe(credential.refusal);
    for (const secret of account.secrets) expect(answer.text).not.toContain(secret);
  }

  async function tokenLimitCell(attempt: (account: Account, token: string) => Promise<Answer>) {
    const account = await freshAccount();
    const { token } = await createApiToken(account);
    const answer = await attempt(account, token);
    expect(answer.status, answer.text).toBe(403);
    for (const secret of account.secrets) expect(answer.text).not.toContain(secret);
    await bearerLogin(account);
    expect((await call('GET', '/api/users/me', { token: account.token })).body.username).not.toBe(
      'taken-over',
    );
  }

  const cells = new Map<string, () => Promise<void>>([
    ...CREDENTIALS.flatMap((credential) =>
      credential.endedBy.map(
        (event) => [`${credential.name} after ${event}`, () => lifetimeCell(credential, event)] as const,
      ),
    ),
    ...TOKEN_LIMITS.map(({ label, attempt }) => [label, () => tokenLimitCell(attempt)] as const),
  ]);

  return {
    cells: [...cells.keys()],
    /** Runs one cell: what went wrong, nothing when the credential was refused as it should be. */
    async attack(label: string): Promise<string[]> {
      const cell = cells.get(label);
      if (!cell) return [`no cell named ${label}`];
      try {
        await cell();
        return [];
      } catch (error) {
        return [`${label}: ${error instanceof Error ? error.message : String(error)}`];
      }
    },
  };
}

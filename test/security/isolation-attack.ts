import { multipartBody } from '../support/multipart';
import {
  expectedAnswer,
  judgeAnswer,
  type OwnCompanyAttempt,
  type ProcedureAttempt,
  type RestAttempt,
} from './isolation-answers';
import { answerText, foreignTraces, victimRows, type victimTraces } from './isolation-leaks';
import type { OpenedApp, victimCompany } from './isolation-seed';

/**
 * The isolation matrix's attack engine: calls a route as each intruder with the attempt the route
 * table writes for it, and judges the answer (its status and shape, isolation-answers.ts), the traces
 * of the victim's data in it, and the victim's rows after it (the scanner, isolation-leaks.ts).
 */
export function attackEngine({
  opened,
  ids,
  intruder,
  traces,
  rest: REST,
  trpc: TRPC,
  ownCompany: OWN_COMPANY,
  procedures,
}: {
  opened: OpenedApp;
  ids: Awaited<ReturnType<typeof victimCompany>>['ids'];
  intruder: { email: string; password: string };
  traces: ReturnType<typeof victimTraces>;
  rest: Record<string, RestAttempt>;
  trpc: Record<string, ProcedureAttempt>;
  ownCompany: Record<string, OwnCompanyAttempt>;
  procedures: { path: string; type: string }[];
}) {
  const { app, call, db } = opened;

  const srt = {
    name: 'file',
    filename: 'x.srt',
    content: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nx\n'),
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

  /**
   * Calls `route` (a REST route as "METHOD /url", or a tRPC procedure's path) as each intruder and
   * answers what was wrong: an answer other than the one written for it, a trace of the victim's
   * data, or a change to the victim's rows. Empty when the route is isolated.
   */
  async function attack(route: string): Promise<string[]> {
    const rest = REST[route];
    const ownCompanyCall = OWN_COMPANY[route];
    const path = ownCompanyCall?.procedure ?? route;
    const procedure = procedures.find((candidate) => candidate.path === path);
    const attempt =
      rest ?? ownCompanyCall ?? (procedure && procedure.type !== 'subscription' ? TRPC[route] : undefined);
    if (!attempt)
      return [`${route}: the matrix does not know how to call it (its route table has no row for it)`];
    const failures: string[] = [];
    const before = await victimRows(db, ids);
    for (const [who, token] of [
      ['anonymous', undefined],
      ['other company', await intruderToken()],
    ] as const) {
      const answer = rest
        ? await restCall(route.split(' ')[0] ?? 'GET', rest, token)
        : await procedureCall(path, procedure?.type ?? 'query', attempt, token);
      const expected = expectedAnswer(attempt, who);
      for (const wrong of judgeAnswer(answer, expected)) failures.push(`${route} as ${who}: ${wrong}`);
      for (const trace of foreignTraces(answer.body, traces))
        failures.push(`${route} as ${who}: answered the victim's ${trace}`);
    }
    if ((await victimRows(db, ids)) !== before) failures.push(`${route}: changed the victim company's rows`);
    return failures;
  }

  return { intruderToken, attack };
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

import type { signedUpUser } from '../support/http';
import type { OpenedApp, victimCompany } from './isolation-seed';

/**
 * The answer the isolation matrix expects of a call: a refusal's status, or 200 with a body that has
 * at least the given shape (objects may carry more keys; arrays must match element for element, so
 * an empty list stays empty).
 */
export interface Answer {
  status: number;
  shape?: unknown;
}

export const refused = (status: number): Answer => ({ status });

/** 200, with (when given) a body of this shape; for tRPC, the shape of `result.data`. */
export const answered = (shape?: unknown): Answer =>
  shape === undefined ? { status: 200 } : { status: 200, shape };

/** What differs between the answer a call got and the one expected of it; empty when they agree. */
export function judgeAnswer(
  answer: { status: number; body: string; json: unknown },
  expected: Answer,
): string[] {
  if (answer.status !== expected.status)
    return [`answered ${answer.status}, not ${expected.status}: ${answer.body.slice(0, 300)}`];
  if (expected.shape === undefined) return [];
  const differences = differencesFrom(answer.json, expected.shape, 'body');
  return differences.length === 0 ? [] : [`${differences.join('; ')}: ${answer.body.slice(0, 300)}`];
}

function differencesFrom(actual: unknown, expected: unknown, at: string): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at} is not a list`];
    if (actual.length !== expected.length)
      return [`${at} has ${actual.length} items, not ${expected.length}`];
    return expected.flatMap((item, index) => differencesFrom(actual[index], item, `${at}[${index}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return [`${at} is not an object`];
    return Object.entries(expected).flatMap(([key, value]) =>
      differencesFrom((actual as Record<string, unknown>)[key], value, `${at}.${key}`),
    );
  }
  return Object.is(actual, expected)
    ? []
    : [`${at} is ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`];
}

/**
 * How to call a route, and what it must answer. A non-public route answers an anonymous caller 401;
 * an admin route answers the other company's (plain) user 403. The rest is written per route.
 */
export type Expected =
  | { access: 'admin' }
  | { access: 'user'; otherCompany: Answer }
  | { access: 'public'; anonymous: Answer; otherCompany: Answer };
export type RestAttempt = Expected & { url: string; body?: unknown; multipart?: boolean };
export type ProcedureAttempt = Expected & { input?: unknown };
/** A call of the tRPC procedure `procedure` written apart from its row in the route table. */
export type OwnCompanyAttempt = ProcedureAttempt & { procedure: string };

/**
 * What a row of the table may name: the victim's seeded data (isolation-seed.ts), the intruder and
 * their own company's id, and the app under attack.
 */
export interface RouteTableContext {
  opened: OpenedApp;
  victim: Awaited<ReturnType<typeof victimCompany>>['victim'];
  ids: Awaited<ReturnType<typeof victimCompany>>['ids'];
  resumableUpload: string;
  intruder: Awaited<ReturnType<typeof signedUpUser>>;
  own: number;
}

/** The answer `who` must get from a call of a route written as `attempt`. */
export function expectedAnswer(attempt: Expected, who: 'anonymous' | 'other company'): Answer {
  if (attempt.access === 'public') return who === 'anonymous' ? attempt.anonymous : attempt.otherCompany;
  if (who === 'anonymous') return refused(401);
  return attempt.access === 'admin' ? refused(403) : attempt.otherCompany;
}

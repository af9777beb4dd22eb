import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/support/http';
import { hashPassword } from '../accounts/password';
import { insertUser } from '../accounts/users-repo';

/**
 * Whether an address has an account must not show in how long the answer takes. Many tries,
 * existing and unknown interleaved (ABBA, so a slowdown of the machine hits both kinds alike),
 * compared by their medians: within 30% of the larger one, or 3 ms (a loaded 2-core machine jitters).
 */
const { app, db } = await testApp({ RATE_LIMIT_SIGNUPS_PER_HOUR: '100000' });
const WARM_UP = 4;
const PASSWORD = 'Secret-pass1!';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

let tries = 0;
async function timed(url: string, body: unknown, expectedStatus: number) {
  tries += 1;
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    // An address of its own for each try: no address limit comes into play.
    remoteAddress: `10.90.${Math.floor(tries / 250)}.${tries % 250}`,
    payload: JSON.stringify(body),
  });
  const elapsed = performance.now() - started;
  expect(response.statusCode, response.body).toBe(expectedStatus);
  return elapsed;
}

/** Accounts that exist, each asked about once (so no account lock comes into play). */
async function existingAccounts(prefix: string, count: number) {
  const passwordHash = await hashPassword(PASSWORD);
  const emails: string[] = [];
  for (let index = 0; index < count; index++) {
    const email = `${prefix}${index}@example.com`;
    await insertUser(db, {
      username: `${prefix}${index}`,
      email,
      passwordHash,
      companyId: null,
      suggestion: null,
    });
    emails.push(email);
  }
  return emails;
}

async function compare(ask: (email: string) => Promise<number>, prefix: string, pairs: number) {
  const known = await existingAccounts(prefix, pairs + WARM_UP);
  const existing: number[] = [];
  const unknown: number[] = [];
  for (let index = 0; index < pairs + WARM_UP; index++) {
    const knownEmail = known[index] as string;
    const unknownEmail = `${prefix}-nobody${index}@example.com`;
    // ABBA: existing first on even tries, unknown first on odd ones.
    let forExisting: number;
    let forUnknown: number;
    if (index % 2 === 0) {
      forExisting = await ask(knownEmail);
      forUnknown = await ask(unknownEmail);
    } else {
      forUnknown = await ask(unknownEmail);
      forExisting = await ask(knownEmail);
    }
    if (index < WARM_UP) continue;
    existing.push(forExisting);
    unknown.push(forUnknown);
  }
  const medians = { existing: median(existing), unknown: median(unknown) };
  const larger = Math.max(medians.existing, medians.unknown);
  return {
    ...medians,
    difference: Math.abs(medians.existing - medians.unknown),
    margin: Math.max(0.3 * larger, 3),
  };
}

describe('the time an answer takes', () => {
  it('does not tell whether a reset request named an account', async () => {
    const result = await compare(
      (email) => timed('/trpc/auth.requestPasswordReset', { email }, 200),
      'timedreset',
      // A request takes a few milliseconds: many pairs, so jitter evens out in the medians.
      100,
    );
    expect(result.difference, JSON.stringify(result)).toBeLessThan(result.margin);
  });

  it('does not tell whether a wrong password was for an account', async () => {
    const result = await compare(
      (email) => timed('/api/auth/local', { identifier: email, password: 'Wrong-pass1!x' }, 401),
      'timedlogin',
      30,
    );
    expect(result.difference, JSON.stringify(result)).toBeLessThan(result.margin);
  });
});

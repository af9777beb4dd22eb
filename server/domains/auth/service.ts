import { AUTH_MESSAGES, type LoginInput, type SignupInput } from '../../../shared/schemas/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { Conflict, TooManyRequests, Unauthenticated } from '../../errors';
import { hashPassword, verifyPassword, verifyWithoutAccount } from '../accounts/password';
import { addAdmin, users } from '../accounts/service';
import { createSession } from '../accounts/sessions';
import { type Requester, spendBudget } from '../budgets/service';
import { insertCompany } from '../companies/service';
import { beginLoginAttempt, loginSucceeded } from './login-limit';

async function assertEmailFree(db: Db, email: string) {
  if (await users.emailTaken(db, email)) throw new Conflict('Email is already taken');
}

/**
 * The whole signup in one transaction: the user, either a new company they admin or a suggestion,
 * and their first session. It succeeds and logs in, or fails and creates nothing: the new account
 * has no failed logins, so no lock of the address stands in its way, and none is asked.
 */
export async function signup(services: { db: Db; config: Config }, input: SignupInput, from: Requester) {
  const { db } = services;
  await spendBudget(services, 'signup', from);
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (trx) => {
    await assertEmailFree(trx, input.email);
    const companyId = input.existingCompany
      ? null
      : await insertCompany(trx, { name: input.companyName ?? '', address: input.companyAddress ?? '' });
    const userId = await users.insertUser(trx, {
      username: input.username,
      email: input.email,
      passwordHash,
      companyId,
      suggestion: input.existingCompany ? (input.suggestion ?? null) : null,
    });
    if (companyId) await addAdmin(trx, companyId, userId);
    return { userId, ...(await createSession(trx, userId)) };
  });
}

/** Legacy step 1 of 4: the user alone, without a company (the legacy client sends company 0). */
export async function register(
  services: { db: Db; config: Config },
  input: { username: string; email: string; password: string; suggestion?: string | null },
  from: Requester,
): Promise<number> {
  const { db } = services;
  await spendBudget(services, 'signup', from);
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (trx) => {
    await assertEmailFree(trx, input.email);
    return users.insertUser(trx, {
      username: input.username,
      email: input.email,
      passwordHash,
      companyId: null,
      suggestion: input.suggestion?.trim() || null,
    });
  });
}

/**
 * Checks the password and opens a session. While the account (or, for an account that has failed,
 * the address) is locked (login-limit.ts), even the right password is refused, saying for how long.
 * An unknown address costs the same password check as a known one, so the time does not tell them apart.
 */
export async function login(db: Db, input: LoginInput, ip: string) {
  const email = input.email.trim().toLowerCase();
  const attempt = await beginLoginAttempt(db, email, ip);
  if ('lockedUntil' in attempt) {
    const seconds = Math.max(1, Math.ceil((attempt.lockedUntil.getTime() - Date.now()) / 1000));
    throw new TooManyRequests(AUTH_MESSAGES.tooManyLoginsFor(Math.ceil(seconds / 60)), seconds);
  }
  const user = await users.findForLogin(db, email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyWithoutAccount(input.password);
  if (!user || !valid) throw new Unauthenticated(AUTH_MESSAGES.loginInvalid);
  await loginSucceeded(db, attempt);
  const session = await createSession(db, user.id);
  return { userId: user.id, ...session };
}

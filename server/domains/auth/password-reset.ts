import { ACCOUNT_MAIL_MESSAGES, type PasswordResetInput } from '../../../shared/schemas/auth';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { InvalidInput } from '../../errors';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { composeMail } from '../../mail/compose';
import type { Services } from '../../services';
import { endEveryCredential } from '../accounts/credentials';
import { hashPassword } from '../accounts/password';
import {
  accountByEmail,
  accountTokenUsable,
  consumeAccountToken,
  issueAccountToken,
  PASSWORD_RESET_LIFETIME_MS,
  users,
} from '../accounts/service';
import { type Requester, spendBudget } from '../budgets/service';
import { forgetAccountFailures } from './login-limit';

/** One mailbox gets at most this many reset links an hour, whoever asks (the budget is per asker). */
const RESETS_PER_ADDRESS_PER_HOUR = 5;

export function resetLink(publicUrl: string, token: string) {
  // In the fragment, so the token never reaches a server log or a Referer header.
  return `${publicUrl}/reset-password#token=${token}`;
}

/**
 * Queues the reset mail, whether or not the address belongs to an account: the answer, and the work
 * and time it takes, are the same either way (the job looks the account up, worker/tasks/send-password-reset.ts).
 */
export async function requestPasswordReset(services: Services, rawEmail: string, from: Requester) {
  const { db, mail } = services;
  await spendBudget(services, 'password-reset', from);
  await enqueue(db, jobs.sendPasswordReset, { email: rawEmail.trim().toLowerCase() });
  return { message: ACCOUNT_MAIL_MESSAGES.resetRequested, mailConfigured: mail.configured };
}

/**
 * Mails a reset link when the address belongs to an account, at most 5 an hour to one mailbox; the
 * new link ends every earlier one. Answers whether a mail went out.
 */
export async function mailPasswordResetLink(services: Services, email: string): Promise<boolean> {
  const { db, mail, config } = services;
  const user = await accountByEmail(db, email);
  if (!user) return false;
  const token = await issueAccountToken(db, {
    userId: user.id,
    purpose: 'password_reset',
    email: user.email,
    lifetimeMs: PASSWORD_RESET_LIFETIME_MS,
    maxPerHour: RESETS_PER_ADDRESS_PER_HOUR,
  });
  if (!token) return false;
  await mail.send(
    composeMail(user.email, {
      subject: 'Choose a new password',
      greeting: `Hello ${user.username},`,
      paragraphs: [
        'Someone, hopefully you, asked to choose a new password for your Subtitling account.',
        'The link below works once, for 1 hour. When you use it, every device logged in to your account is logged out and your API tokens are revoked.',
      ],
      action: { label: 'Choose a new password', url: resetLink(config.publicUrl, token) },
      footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    }),
  );
  return true;
}

/** Sets the new password with a link's token, once; every session and API token of the user ends. */
export async function resetPasswordWithToken(services: Services, input: PasswordResetInput, from: Requester) {
  await spendBudget(services, 'password-reset', from);
  const passwordHash = await hashPassword(input.password);
  const userId = await transaction(services.db, async (trx) => {
    const used = await consumeAccountToken(trx, input.token, 'password_reset');
    if (!used) throw new InvalidInput(ACCOUNT_MAIL_MESSAGES.resetLinkInvalid, 'token');
    await users.setPasswordHash(trx, used.userId, passwordHash);
    await endEveryCredential(trx, used.userId);
    await forgetAccountFailures(trx, used.email);
    return used.userId;
  });
  return { message: ACCOUNT_MAIL_MESSAGES.passwordChanged, userId };
}

/** Whether a reset link would still be accepted (the reset screen says so before the user types). */
export function resetLinkUsable(db: Db, token: string) {
  return accountTokenUsable(db, token, 'password_reset');
}

import { ACCOUNT_MAIL_MESSAGES, type PasswordResetInput } from '../../../shared/schemas/auth';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { InvalidInput } from '../../errors';
import { composeMail } from '../../mail/compose';
import type { Services } from '../../services';
import * as users from '../users/repo';
import {
  accountByEmail,
  accountTokenUsable,
  consumeAccountToken,
  issueAccountToken,
  PASSWORD_RESET_LIFETIME_MS,
  tokensIssuedSince,
} from './account-token-repo';
import { endEveryCredential } from './credentials';
import { forgetAccountFailures } from './login-limit';
import { hashPassword } from './password';

/** One mailbox gets at most this many reset links an hour, whoever asks (the IP limit is per asker). */
const RESETS_PER_ADDRESS_PER_HOUR = 5;

export function resetLink(publicUrl: string, token: string) {
  // In the fragment, so the token never reaches a server log or a Referer header.
  return `${publicUrl}/reset-password#token=${token}`;
}

/**
 * Mails a reset link when the address belongs to an account. The answer, and the time it takes,
 * are the same either way: the mail goes out after the answer, and nothing says whether it did.
 */
export async function requestPasswordReset(services: Services, rawEmail: string) {
  const { db, mail, config } = services;
  const email = rawEmail.trim().toLowerCase();
  const user = await accountByEmail(db, email);
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  if (
    user &&
    (await tokensIssuedSince(db, user.id, 'password_reset', hourAgo)) < RESETS_PER_ADDRESS_PER_HOUR
  ) {
    const token = await issueAccountToken(db, {
      userId: user.id,
      purpose: 'password_reset',
      email: user.email,
      lifetimeMs: PASSWORD_RESET_LIFETIME_MS,
    });
    mail.sendLater(
      composeMail(user.email, {
        subject: 'Choose a new password',
        greeting: `Hello ${user.username},`,
        paragraphs: [
          'Someone, hopefully you, asked to choose a new password for your Subtitling account.',
          'The link below works once, for 1 hour. When you use it, every device logged in to your account is logged out.',
        ],
        action: { label: 'Choose a new password', url: resetLink(config.publicUrl, token) },
        footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      }),
    );
  }
  return { message: ACCOUNT_MAIL_MESSAGES.resetRequested, mailConfigured: mail.configured };
}

/** Sets the new password with a link's token, once; every session and API token of the user ends. */
export async function resetPasswordWithToken(services: Services, input: PasswordResetInput) {
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

import { ACCOUNT_MAIL_MESSAGES } from '../../../shared/schemas/auth';
import { Forbidden, InvalidInput, NotFound } from '../../errors';
import { composeMail } from '../../mail/compose';
import type { Services } from '../../services';
import {
  accountForVerification,
  consumeAccountToken,
  EMAIL_VERIFICATION_LIFETIME_MS,
  failedVerificationMailOf,
  issueAccountToken,
  markAccountTokenMailFailed,
  markEmailVerified,
} from '../accounts/service';
import { spendBudget } from '../budgets/service';

export function verificationLink(publicUrl: string, token: string) {
  return `${publicUrl}/verify-email#token=${token}`;
}

/** Mails the user a link that confirms their address; the account works meanwhile. */
export async function sendVerificationEmail(services: Services, userId: number) {
  const user = await accountForVerification(services.db, userId);
  if (!user) throw new NotFound('User');
  if (user.email_verified_at) return { sent: false, alreadyVerified: true };
  const token = await issueAccountToken(services.db, {
    userId: user.id,
    purpose: 'email_verification',
    email: user.email,
    lifetimeMs: EMAIL_VERIFICATION_LIFETIME_MS,
  });
  services.mail.sendLater(
    composeMail(user.email, {
      subject: 'Confirm your e-mail address',
      greeting: `Hello ${user.username},`,
      paragraphs: [
        'Welcome to Subtitling. Please confirm that this address is yours: you can use your account already, and you need a confirmed address to buy credits.',
      ],
      action: { label: 'Confirm my e-mail address', url: verificationLink(services.config.publicUrl, token) },
      footer: 'The link works for 7 days. If you did not sign up, ignore this e-mail.',
    }),
    () => markAccountTokenMailFailed(services.db, token),
  );
  return { sent: true, alreadyVerified: false };
}

/** The confirmation mail again, on the user's request: from the hour's budget of account mail. */
export async function resendVerificationEmail(services: Services, userId: number) {
  await spendBudget(services, 'account-mail', { userId });
  return sendVerificationEmail(services, userId);
}

/**
 * The address the user's latest confirmation mail could not be sent to, while their address is
 * unconfirmed (the profile says so instead of "we sent"); null otherwise.
 */
export async function verificationMailFailedTo(
  services: Pick<Services, 'db'>,
  userId: number,
  emailVerified: boolean,
) {
  return emailVerified ? null : failedVerificationMailOf(services.db, userId);
}

/** Confirms the address the link was sent to (not one the user changed to since). */
export async function verifyEmail(services: Services, token: string) {
  const used = await consumeAccountToken(services.db, token, 'email_verification');
  const updated = used && (await markEmailVerified(services.db, used.userId, used.email));
  if (!updated) throw new InvalidInput(ACCOUNT_MAIL_MESSAGES.verificationLinkInvalid, 'token');
  return { message: ACCOUNT_MAIL_MESSAGES.emailVerified };
}

/**
 * Purchases need a confirmed address, where this server can send the confirmation at all: without
 * SMTP_URL nobody could ever confirm, and buying would be closed to everyone.
 */
export async function assertVerifiedForPurchase(services: Services, userId: number) {
  if (!services.mail.configured) return;
  const user = await accountForVerification(services.db, userId);
  if (!user?.email_verified_at) throw new Forbidden(ACCOUNT_MAIL_MESSAGES.verifyBeforePurchase);
}

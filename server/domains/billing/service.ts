import type Stripe from 'stripe';
import { cents, eurosToCents, formatEuros } from '../../../shared/money';
import { BILLING_TEXTS } from '../../../shared/schemas/billing';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import { Forbidden, InvalidInput, NotFound, ServiceUnavailable } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import { assertVerifiedForPurchase } from '../auth/email-verification';
import { appendLedgerEntry } from '../ledger/service';
import { queueNotice } from '../notices/service';
import { type PaidSession, paidSessionOf } from './checkout-event';
import type { Payments } from './stripe-client';

/** A Checkout Session for `euros` (cents allowed), always for the caller's own company. */
export async function createCheckout(
  services: Services,
  payments: Payments | null,
  user: SessionUser,
  euros: number,
) {
  const amountCents = eurosToCents(euros);
  if (!user.companyId) throw new Forbidden(BILLING_TEXTS.noCompany);
  if (!payments) throw new ServiceUnavailable(BILLING_TEXTS.notConfigured);
  await assertVerifiedForPurchase(services, user.id);
  const stripe = await payments.stripe();
  const session = await openCheckoutSession(services, stripe, user, amountCents);
  if (!session.url) throw new ServiceUnavailable('The payment provider returned no checkout page');
  return { url: session.url, id: session.id };
}

/**
 * Stripe's refusal (a revoked key, an account without euros) is the operator's to fix: the buyer
 * reads that the checkout could not open, never Stripe's status or message, which names part of the key.
 */
async function openCheckoutSession(
  services: Services,
  stripe: Stripe,
  user: SessionUser,
  amountCents: number,
) {
  try {
    return await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: amountCents,
            product_data: { name: `Subtitling credits (${formatEuros(amountCents)})` },
          },
        },
      ],
      client_reference_id: String(user.companyId),
      metadata: { companyId: String(user.companyId), userId: String(user.id) },
      // Stripe fills in the session id, so the balance screen can wait for this payment's credit.
      success_url: `${services.config.publicUrl}/balance/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${services.config.publicUrl}/balance/failure`,
    });
  } catch (error) {
    services.logger.error({ err: error, companyId: user.companyId }, 'Stripe refused to open a checkout');
    throw new ServiceUnavailable(BILLING_TEXTS.providerRefused);
  }
}

const UNIQUE_VIOLATION = '23505';

/** Credits a paid session to its company exactly once, however often Stripe delivers it. */
async function creditPaidSession(db: Db, session: PaidSession): Promise<'credited' | 'duplicate'> {
  const { companyId, amountCents: amount } = session;
  try {
    // Only the company row (server/db/locks.ts), which the ledger entry locks first.
    await transaction(db, async (trx) => {
      await appendLedgerEntry(trx, {
        companyId,
        kind: 'purchase',
        amountCents: cents(amount),
        reference: session.id,
      });
      await recordAudit(
        trx,
        null,
        `Stripe payment ${session.id} credited ${formatEuros(amount)} to company ${companyId}`,
      );
      await queueNotice(trx, {
        kind: 'receipt',
        companyId,
        reference: session.id,
        buyerUserId: session.buyerUserId,
        receiptUrl: session.receiptUrl,
      });
      // Goes out on commit: a browser waiting on this payment shows the new balance.
      await publishEvent(trx, { type: 'credit', companyId, sessionId: session.id });
    });
    return 'credited';
  } catch (error) {
    // The ledger's unique reference refused a second credit for the same session.
    if (error instanceof Error && 'code' in error && error.code === UNIQUE_VIOLATION) return 'duplicate';
    if (error instanceof NotFound)
      throw new InvalidInput(
        `Checkout session ${session.id} names company ${companyId}, which does not exist`,
      );
    throw error;
  }
}

export async function handleStripeWebhook(
  services: Services,
  payments: Payments | null,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; outcome: string }> {
  const secret = services.config.STRIPE_WEBHOOK_SECRET;
  if (!payments || !secret) throw new ServiceUnavailable(BILLING_TEXTS.notConfigured);
  const stripe = await payments.stripe();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new InvalidInput('Invalid Stripe signature');
  }
  const session = paidSessionOf(event);
  if (!session) return { received: true, outcome: 'ignored' };
  return { received: true, outcome: await creditPaidSession(services.db, session) };
}

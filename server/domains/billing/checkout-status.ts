import { cents } from '../../../shared/money';
import { BILLING_TEXTS } from '../../../shared/schemas/billing';
import { sameCompany } from '../../access/checks';
import { Forbidden, NotFound, ServiceUnavailable } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import { purchaseOfSession } from '../ledger/service';
import type { Payments } from './stripe-client';

export type CheckoutStatus =
  | { status: 'credited'; amountCents: number }
  | { status: 'pending'; amountCents: number };

const SESSION_NOT_FOUND = 'Checkout session';

/**
 * Whether the caller's company has been credited for a Checkout Session. The ledger decides
 * "credited" (it alone holds money); until it has the purchase, Stripe is asked whose session it is,
 * so a session of another company, or none at all, answers the same 404.
 */
export async function checkoutStatus(
  services: Services,
  payments: Payments | null,
  user: SessionUser,
  sessionId: string,
): Promise<CheckoutStatus> {
  if (!user.companyId) throw new Forbidden(BILLING_TEXTS.noCompany);
  const purchase = await purchaseOfSession(services.db, sessionId);
  if (purchase) {
    if (!sameCompany(purchase.companyId, user.companyId)) throw new NotFound(SESSION_NOT_FOUND);
    return { status: 'credited', amountCents: purchase.amountCents };
  }
  if (!payments) throw new ServiceUnavailable(BILLING_TEXTS.notConfigured);
  const stripe = await payments.stripe();
  const session = await stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
    if (error && typeof error === 'object' && 'statusCode' in error && error.statusCode === 404) return null;
    throw error;
  });
  if (!session || session.client_reference_id !== String(user.companyId))
    throw new NotFound(SESSION_NOT_FOUND);
  return { status: 'pending', amountCents: cents(session.amount_total ?? 0) };
}

import { z } from 'zod';
import { InvalidInput } from '../../errors';

const CREDITING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const stripeEvent = z.object({
  type: z.string(),
  data: z.object({ object: z.looseObject({ payment_status: z.unknown() }) }),
});

/** What a paid Checkout Session must carry to be credited, checked although Stripe signed it. */
const paidSession = z.object({
  // The ledger's unique reference: without a real one, a replay would credit again.
  id: z.string().startsWith('cs_').max(255),
  client_reference_id: z.string().regex(/^[1-9]\d{0,9}$/, 'must be a company id'),
  amount_total: z.number().int().positive(),
  currency: z.literal('eur'),
  // Who paid, as createCheckout wrote it, and Stripe's receipt where the event carries one.
  metadata: z
    .looseObject({
      userId: z
        .string()
        .regex(/^[1-9]\d{0,9}$/)
        .optional(),
    })
    .nullish()
    .catch(null),
  receipt_url: z.url().nullish().catch(null),
});

export interface PaidSession {
  id: string;
  companyId: number;
  amountCents: number;
  buyerUserId: number | null;
  receiptUrl: string | null;
}

/** The paid session a verified event credits, or null for an event that credits nothing. */
export function paidSessionOf(event: unknown): PaidSession | null {
  const envelope = stripeEvent.safeParse(event);
  if (!envelope.success) throw new InvalidInput('Not a Stripe event');
  const { type, data } = envelope.data;
  if (!CREDITING_EVENTS.has(type) || data.object.payment_status !== 'paid') return null;
  const session = paidSession.safeParse(data.object);
  if (!session.success) {
    const issue = session.error.issues[0];
    throw new InvalidInput(`Checkout session ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return {
    id: session.data.id,
    companyId: Number(session.data.client_reference_id),
    amountCents: session.data.amount_total,
    buyerUserId: session.data.metadata?.userId ? Number(session.data.metadata.userId) : null,
    receiptUrl: session.data.receipt_url ?? null,
  };
}

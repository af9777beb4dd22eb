import { z } from 'zod';
import { isWholeCents } from '../money';
import { numeric } from './numbers';

/** Texts of the buy screens and the payment refusals; the texts of PRODUCT.md §2 and §8. */
export const BILLING_TEXTS = {
  noCompany: 'Buying euros is not possible for you today. Please contact us for assistance.',
  prefilled: '(Extra euros needed have been prefilled)',
  purchased: 'Credits purchased successfully!',
  purchaseFailed: 'Failed to purchase credits.',
  notConfigured: 'Payments are not set up on this server yet. Please contact us to add credits.',
  providerRefused:
    'The payment provider could not open a checkout just now. Please try again later, or contact us to add credits.',
  paymentsOff: 'Online payments are not set up yet, so credits cannot be bought here today.',
  paymentsOffContact: 'Please contact us and we will add credits to your company.',
  amountRequired: 'Please enter an amount of at least €0.50, in euros and cents.',
  checkoutFailed: 'Failed to create checkout session',
  awaitingCredit: 'Payment received, waiting for confirmation',
  creditLate:
    'Your payment is still being confirmed. It will appear here within a few minutes; if it does not, contact us.',
} as const;

/** Stripe's smallest charge in euros is €0.50: smaller purchases are raised to it. */
export const MIN_PURCHASE_CENTS = 50;
export const MAX_PURCHASE_EUROS = 10_000;

/** Euros to buy, with cents: at least €0.50, at most €10,000. */
export const checkoutQuantity = numeric(
  z
    .number()
    .min(MIN_PURCHASE_CENTS / 100, 'The smallest purchase is €0.50')
    .max(MAX_PURCHASE_EUROS)
    .refine(isWholeCents, 'Euros and cents only (at most 2 decimals)'),
);

/** A Stripe Checkout Session id, as the payment provider puts it in the return address. */
export const checkoutSessionId = z.string().regex(/^cs_\w{1,250}$/, 'Not a checkout session id');

export const conversionUpdate = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Symbol must be a 3-letter currency code'),
  rate: numeric(z.number().positive('Rate must be above 0').max(1_000_000)),
});
export type ConversionUpdate = z.infer<typeof conversionUpdate>;

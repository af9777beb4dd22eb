import { z } from 'zod';
import { numeric } from './numbers';

/** Texts of the buy screens and the payment refusals; SPEC sections 2 and 8 where SPEC has them. */
export const BILLING_TEXTS = {
  noCompany: 'Buying euros is not possible for you today. Please contact us for assistance.',
  prefilled: '(Extra euros needed have been prefilled)',
  purchased: 'Credits purchased successfully!',
  purchaseFailed: 'Failed to purchase credits.',
  notConfigured: 'Payments are not set up on this server yet. Please contact us to add credits.',
  paymentsOff: 'Online payments are not set up yet, so credits cannot be bought here today.',
  paymentsOffContact: 'Please contact us and we will add credits to your company.',
  amountRequired: 'Please enter a whole number of euros above 0.',
  checkoutFailed: 'Failed to create checkout session',
} as const;

/** Whole euros, as the Checkout Session sells 1-euro items. */
export const checkoutQuantity = numeric(
  z.number().int('Whole euros only').min(1, 'Amount must be above 0').max(10_000),
);

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

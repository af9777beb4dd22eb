import { z } from 'zod';

/** The e-mail notices a user can switch off on the profile; only the sent ones change. */
export const noticePreferences = z
  .object({
    videoOutcome: z.boolean().optional(),
    lowCredits: z.boolean().optional(),
    receipts: z.boolean().optional(),
    messages: z.boolean().optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), 'Nothing changed...');
export type NoticePreferences = z.infer<typeof noticePreferences>;

/** Euros (cents allowed) below which the company's admins are warned; null: never. */
export const lowCreditThresholdInput = z.object({
  euros: z
    .number({ error: 'Enter an amount in euros' })
    .min(0, 'The amount cannot be negative')
    .max(1_000_000, 'The amount is too large')
    .multipleOf(0.01, 'Use at most 2 decimals')
    .nullable(),
});

import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../limits';
import { isWholeCents } from '../money';
import { numeric } from './numbers';

export const ACCOUNT_MESSAGES = {
  eurosTransferred: 'Euros transferred',
  transferFailed: 'Error transferring euros',
  companyNotFound: 'Company not found',
  confirmDeleteUser: 'Are you sure you want to delete this user?',
  confirmDeleteCompany: 'Are you sure you want to delete this Company?',
} as const;

export const id = numeric(z.number().int().positive());
const euros = numeric(z.number().min(0).max(1_000_000).multipleOf(0.01));

export const companyInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  address: z.string().trim().min(1, 'Address is required').max(1000),
});

export const companyAdminUpdate = companyInput.extend({ credits: euros });

/**
 * An admin's change to a balance: a signed amount added to it, with the reason the company reads in
 * its ledger ("Invoice 2026-113 paid", "Goodwill"). Never an overwrite, so it cannot undo a payment
 * that arrived meanwhile.
 */
export const creditAdjustment = z.object({
  euros: numeric(
    z
      .number()
      .min(-1_000_000)
      .max(1_000_000)
      .refine((value) => value !== 0, 'Enter an amount to add, or a negative one to remove')
      .refine(isWholeCents, 'Euros and cents only (at most 2 decimals)'),
  ),
  reason: z.string().trim().min(1, 'A reason is required: the company sees it in its ledger').max(200),
});
export type CreditAdjustment = z.infer<typeof creditAdjustment>;

export const assignCompanyInput = z.object({ userId: id, companyId: id, transfer: z.boolean() });

export const resetPasswordInput = z.object({
  userId: id,
  password: z.string().min(MIN_PASSWORD_LENGTH).max(200),
});

export const pageInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

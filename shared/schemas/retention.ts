import { z } from 'zod';
import { numeric } from './numbers';

export const MAX_RETENTION_DAYS = 3650;

export const retentionOf = z.object({ companyId: numeric(z.number().int().positive()) });

/** Keep a company's videos `days` days after upload, or forever (null). */
export const retentionUpdate = retentionOf.extend({
  days: numeric(
    z
      .number()
      .int('Whole days only')
      .min(1, 'Keep videos at least 1 day, or choose forever')
      .max(MAX_RETENTION_DAYS, `At most ${MAX_RETENTION_DAYS} days, or choose forever`),
  ).nullable(),
});
export type RetentionUpdate = z.infer<typeof retentionUpdate>;

export const RETENTION_TEXTS = {
  forever: 'Videos are kept until someone deletes them.',
  kept: (days: number) =>
    `Videos are deleted ${days} day${days === 1 ? '' : 's'} after upload: their files are removed, the ledger keeps its lines.`,
  saved: 'Retention saved.',
  onlyAdmins: 'Only the company admin can change how long videos are kept',
} as const;

import { MAX_RETENTION_DAYS } from '../../../../shared/schemas/retention';

export type RetentionChoice = 'forever' | 'days';

/** The days to send for the form's state, or the problem to show instead. */
export function retentionDays(
  choice: RetentionChoice,
  days: number | string,
): { days: number | null } | { error: string } {
  if (choice === 'forever') return { days: null };
  const value = typeof days === 'number' ? days : Number(days);
  if (!Number.isInteger(value) || value < 1 || value > MAX_RETENTION_DAYS)
    return { error: `Enter a whole number of days from 1 to ${MAX_RETENTION_DAYS}` };
  return { days: value };
}

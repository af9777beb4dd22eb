import { API_TOKEN_EXPIRY_DAYS } from '../../../../shared/schemas/api-tokens';

export const NEVER = 'never';

/** The expiry choices of the create form, as Select options; `never` stands for no expiry. */
export const EXPIRY_OPTIONS = [
  ...API_TOKEN_EXPIRY_DAYS.map((days) => ({ value: String(days), label: `${days} days` })),
  { value: NEVER, label: 'Never' },
];

export function expiresInDays(choice: string): number | null {
  return choice === NEVER ? null : Number(choice);
}

/** A token's state as the list shows it. */
export function expiryText(expiresAt: string | Date | null, now = Date.now()): string {
  if (!expiresAt) return 'Never';
  return new Date(expiresAt).getTime() <= now ? 'Expired' : '';
}

/** The navigation state the insufficient-credits flow sends to /balance: the missing euros. */
export interface BalanceNavigationState {
  credits?: number;
}

/**
 * The amount to prefill from the navigation state, in whole euros (a checkout buys whole euros, so
 * a missing €0.30 becomes €1); null when nothing is to be prefilled.
 */
export function prefilledEuros(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('credits' in state)) return null;
  const credits = Number((state as BalanceNavigationState).credits);
  if (!Number.isFinite(credits) || credits <= 0) return null;
  return Math.ceil(Math.round(credits * 100) / 100);
}

/** SPEC: an amount is required and buying proceeds only above 0; a checkout takes whole euros. */
export function buyableEuros(amount: number | string): number | null {
  const euros = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  return Number.isInteger(euros) && euros > 0 ? euros : null;
}

import { checkoutQuantity, MIN_PURCHASE_CENTS } from '../../../../shared/schemas/billing';

/** The navigation state the insufficient-credits flow sends to /balance: the missing euros. */
export interface BalanceNavigationState {
  credits?: number;
}

/**
 * The amount to prefill from the navigation state: exactly the missing euros and cents, raised to
 * the smallest purchase (€0.50) when less; null when nothing is to be prefilled.
 */
export function prefilledEuros(state: unknown): number | null {
  const credits = missingFromState(state);
  if (credits === null) return null;
  const missingCents = Math.ceil(Math.round(credits * 1e6) / 1e4);
  return Math.max(missingCents, MIN_PURCHASE_CENTS) / 100;
}

/**
 * PRODUCT.md §5: an amount is required and buying proceeds only above 0; the server's rules, checked early.
 */
export function buyableEuros(amount: number | string): number | null {
  const checked = checkoutQuantity.safeParse(amount);
  return checked.success ? checked.data : null;
}

/** The missing euros the insufficient-credits flow sent, exactly (null when none). */
export function missingFromState(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('credits' in state)) return null;
  const credits = Number((state as BalanceNavigationState).credits);
  return Number.isFinite(credits) && credits > 0 ? credits : null;
}

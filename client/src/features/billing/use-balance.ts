import type { Cents } from '../../../../shared/money';

/**
 * The company's euro balance for the menu and the buy screen; null until it has loaded (shown as
 * €0.00, SPEC: credits display as 0 when missing). The billing router arrives in a later issue.
 */
export function useBalance(): { balance: Cents | null } {
  return { balance: null };
}

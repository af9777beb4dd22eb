import { type Cents, cents } from '../../../../shared/money';
import { useMe } from '../profile/use-me';

/**
 * The company's euro balance for the menu and the buy screen; null until it has loaded, and for a
 * user without a company or when loading failed (all shown as €0.00: PRODUCT.md §9, credits display as 0 when
 * missing, and a failed credits fetch sets them to 0).
 */
export function useBalance(): { balance: Cents | null; isLoading: boolean } {
  const me = useMe();
  const credits = me.data?.company?.creditsCents;
  return { balance: credits === undefined ? null : cents(credits), isLoading: me.isLoading };
}

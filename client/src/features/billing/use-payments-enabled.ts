import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/**
 * Whether the server has a payment provider; null while loading. When the question itself fails the
 * Buy button stays: the checkout's own answer then says what is wrong.
 */
export function usePaymentsEnabled(): boolean | null {
  const trpc = useTRPC();
  const query = useQuery(trpc.billing.paymentsEnabled.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  if (query.isError) return true;
  return query.data?.enabled ?? null;
}

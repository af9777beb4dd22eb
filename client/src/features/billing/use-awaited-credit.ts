import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { CREDIT_WAIT_MS } from '../../../../shared/limits';
import { useLiveConnection, useLiveEvent } from '../../lib/live-events';
import { useTRPC } from '../../lib/trpc';

/** While the live stream is down, or in case its event was missed, ask the server this often. */
const POLL_OFFLINE_MS = 3000;
const POLL_ONLINE_MS = 15_000;

/**
 * waiting: paid at the provider, not in the ledger yet; credited: the ledger has it; late: not
 * credited within CREDIT_WAIT_MS, or the server would not say.
 */
export type AwaitedCredit = 'waiting' | 'credited' | 'late';

/**
 * PRODUCT.md §2: the credit of the Checkout Session the browser just came back from, as the server's ledger tells
 * it: asked once, then again on each live `credit` event (and, slowly, by polling), until it arrives.
 * Each answer that changes it refreshes the balance and the ledger.
 */
export function useAwaitedCredit(sessionId: string | null): AwaitedCredit | null {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const live = useLiveConnection();
  const [timedOut, setTimedOut] = useState(false);

  const status = useQuery(
    trpc.billing.checkoutStatus.queryOptions(
      { sessionId: sessionId ?? '' },
      {
        enabled: sessionId !== null,
        staleTime: 0,
        retry: 2,
        refetchInterval: (query) =>
          query.state.data?.status === 'credited' ? false : live ? POLL_ONLINE_MS : POLL_OFFLINE_MS,
      },
    ),
  );
  const { refetch } = status;
  const credited = status.data?.status === 'credited';

  const recheck = useCallback(() => {
    if (sessionId !== null && !credited) void refetch();
  }, [sessionId, credited, refetch]);
  useLiveEvent(['credit', 'listening'], recheck);
  // The stream may come up after the credit went out: ask once more when it does.
  useEffect(() => {
    if (live) recheck();
  }, [live, recheck]);

  useEffect(() => {
    if (!credited) return;
    void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.companies.ledger.queryKey() });
  }, [credited, queryClient, trpc]);

  useEffect(() => {
    if (sessionId === null) return;
    const timer = window.setTimeout(() => setTimedOut(true), CREDIT_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [sessionId]);

  if (sessionId === null) return null;
  if (credited) return 'credited';
  if (timedOut || status.isError) return 'late';
  return 'waiting';
}

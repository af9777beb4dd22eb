import { useEffect, useRef } from 'react';
import { useSession } from '../../lib/session';
import { useTRPCClient } from '../../lib/trpc';
import { companyEventBus, type LiveSignalOf, type LiveSignalType } from './company-event-bus';

/**
 * Opens the one live connection (server-sent events) for the caller's company and hands its events to
 * the bus. Call it once, in the layout. It reconnects when the stored session or company changes (a
 * user who just joined a company starts hearing it); the server ends the stream for a user without one.
 */
export function useCompanyEventStream(): void {
  const client = useTRPCClient();
  const { loggedIn, company } = useSession();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new company means a new stream (see above).
  useEffect(() => {
    if (!loggedIn) return;
    let wasConnected = false;
    let lostConnection = false;
    const subscription = client.events.company.subscribe(undefined, {
      onData: (event) => companyEventBus.publish(event),
      onConnectionStateChange: (state) => {
        if (state.state === 'connecting' && wasConnected) lostConnection = true;
        if (state.state !== 'pending') return;
        if (lostConnection) companyEventBus.publish({ type: 'reconnected' });
        wasConnected = true;
        lostConnection = false;
      },
      onError: (error) => {
        // Live updates are a convenience: screens still refetch on navigation.
        console.warn('Live company events stopped', error);
      },
    });
    return () => subscription.unsubscribe();
  }, [client, loggedIn, company]);
}

/**
 * Runs `listener` for each live signal of the given types while the calling component is mounted, e.g.
 * `useCompanyEvent(['video', 'reconnected'], refetchVideos)` on the videos screen.
 */
export function useCompanyEvent<T extends LiveSignalType>(
  types: readonly T[],
  listener: (signal: LiveSignalOf<T>) => void,
): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  const typesKey = [...types].sort().join(',');
  useEffect(() => {
    const wanted = typesKey.split(',') as T[];
    return companyEventBus.subscribe(wanted, (signal) => latest.current(signal));
  }, [typesKey]);
}

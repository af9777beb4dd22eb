import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { useTRPCClient } from '../../lib/trpc';

/**
 * Listens to the company's live events (tRPC subscription over server-sent events) while the calling
 * screen is mounted and calls `onChange` for each video event and after each (re)connection, when
 * events may have been missed. Answers whether the stream is up, so the screen can fall back to
 * SPEC's 2-second polling only while it is down. Leaving the screen closes the stream.
 */
export function useLiveVideoEvents(onChange: () => void): { live: boolean } {
  const client = useTRPCClient();
  const { loggedIn, company } = useSession();
  const [live, setLive] = useState(false);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new company means a new stream.
  useEffect(() => {
    if (!loggedIn) return;
    let connectedBefore = false;
    const subscription = client.events.company.subscribe(undefined, {
      onData: (event) => {
        if (event.type === 'video') latest.current();
      },
      onConnectionStateChange: (state) => {
        const up = state.state === 'pending';
        setLive(up);
        if (up && connectedBefore) latest.current();
        if (up) connectedBefore = true;
      },
      onError: () => setLive(false),
      onComplete: () => setLive(false),
    });
    return () => {
      subscription.unsubscribe();
      setLive(false);
    };
  }, [client, loggedIn, company]);

  return { live };
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLiveEvent } from '../../lib/live-events';
import { setLastSeenMessagesCount, useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { type MessagesCount, messagesCountFrom } from './messages-count';

/** messages.unread for the signed-in non-admin (admins get no highlight, so they never ask). */
function useUnreadQuery() {
  const trpc = useTRPC();
  const { loggedIn, isAdmin } = useSession();
  return useQuery(trpc.messages.unread.queryOptions(undefined, { enabled: loggedIn && !isAdmin }));
}

/**
 * The company's message count and the count this user last saw, both from the server, which keeps the
 * seen count per user so the highlight follows them across browsers. The menu compares them with
 * `hasUnreadMessages`.
 */
export function useMessagesCount(): MessagesCount {
  return messagesCountFrom(useUnreadQuery().data);
}

/**
 * Keeps the unread state fresh; call once, in the layout. A 'message' event (or a reconnect after a
 * dropped stream) refetches the count and any message list on screen; every navigation refetches the
 * count too, in case the live stream is unavailable. The stored messagesCount (PRODUCT.md §3) mirrors the
 * seen count.
 */
export function useMessagesSync(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useUnreadQuery();
  const { pathname } = useLocation();

  useLiveEvent(['message', 'listening'], () => {
    void queryClient.invalidateQueries(trpc.messages.pathFilter());
  });

  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    void queryClient.invalidateQueries(trpc.messages.unread.queryFilter());
  }, [pathname, queryClient, trpc]);

  const seen = data?.seen;
  useEffect(() => {
    if (seen !== undefined) setLastSeenMessagesCount(seen);
  }, [seen]);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveEvent } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

/**
 * The user is looking at the messages: the server records the company's count as seen (on opening the
 * page, and again whenever a new message arrives while it is open), and the highlight clears.
 */
export function useMarkMessagesSeen(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { isAdmin } = useSession();
  const { mutate } = useMutation(
    trpc.messages.markSeen.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.messages.unread.queryFilter()),
      onError: (error) => console.warn('Could not mark messages as seen', error),
    }),
  );

  useEffect(() => {
    if (!isAdmin) mutate();
  }, [isAdmin, mutate]);

  useLiveEvent(['message'], () => {
    if (!isAdmin) mutate();
  });
}

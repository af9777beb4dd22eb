import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

/** Whether the logged-in user is one of their company's admins (who see the Team entry). */
export function useIsCompanyAdmin(): boolean {
  const trpc = useTRPC();
  const session = useSession();
  const preferences = useQuery(
    trpc.notices.preferences.queryOptions(undefined, {
      enabled: session.loggedIn && Boolean(session.company),
      staleTime: 60_000,
    }),
  );
  return preferences.data?.isCompanyAdmin ?? false;
}

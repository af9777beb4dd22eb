import { logout } from '../../lib/session';
import { trpcClient } from '../../lib/trpc';

/**
 * Log Out: end the server session (the HttpOnly cookie), then the logout of PRODUCT.md §4 (clear local
 * storage, go to /). A failed server call must not keep the user logged in here.
 */
export async function logOut(): Promise<void> {
  try {
    await trpcClient.auth.logout.mutate();
  } catch {
    // Already expired or unreachable: clearing the local session is still what the user asked for.
  }
  logout();
}

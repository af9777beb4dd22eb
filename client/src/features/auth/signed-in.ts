import { storeLogin } from '../../lib/session';
import { queryClient } from '../../lib/trpc';

/**
 * The stored jwt is only a marker: the real session is the server's HttpOnly cookie. The guards and
 * the menu read the marker, the role and the company (the key names of PRODUCT.md §3).
 */
export const COOKIE_SESSION_MARKER = 'cookie-session';

/**
 * After login or signup: forget anything cached for a previous visitor, then store the keys of PRODUCT.md §3.
 */
export function rememberSignedIn(user: { role: string; companyId: number | null }): void {
  queryClient.removeQueries();
  storeLogin({ jwt: COOKIE_SESSION_MARKER, userRole: user.role, company: user.companyId ?? '' });
}

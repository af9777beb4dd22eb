import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  clearSession,
  getCompany,
  getUserRole,
  setCompany,
  setUserRole,
  useSession,
} from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { errorCode } from '../auth/server-errors';

/** The server no longer knows this session (expired, revoked by a password change, user deleted). */
const SESSION_GONE = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND']);

/**
 * The current user and company (`auth.me`), shared by the profile, the menu balance and the buy
 * screen. PRODUCT.md §4: fetching the profile fails → local storage is cleared (an effective logout). Only a
 * refusal of the session counts: a network blip must not log the user out, the cookie is the truth.
 * A fresh answer also refreshes the stored role and company (an admin may have assigned one since).
 */
export function useMe() {
  const trpc = useTRPC();
  const session = useSession();
  const query = useQuery(trpc.auth.me.queryOptions(undefined, { enabled: session.loggedIn }));

  useEffect(() => {
    if (query.isError && SESSION_GONE.has(errorCode(query.error) ?? '')) clearSession();
  }, [query.isError, query.error]);

  const me = query.data;
  useEffect(() => {
    if (!me) return;
    const company = me.companyId === null ? '' : String(me.companyId);
    if ((getCompany() ?? '') !== company) setCompany(company);
    if (getUserRole() !== me.role) setUserRole(me.role);
  }, [me]);

  return query;
}

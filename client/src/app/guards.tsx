import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

export const LOGIN_PATH = '/login';

/** The location the guard turned away, for a login screen that wants to return there. */
export interface GuardRedirectState {
  from: string;
}

function RedirectToLogin() {
  const location = useLocation();
  const state: GuardRedirectState = { from: `${location.pathname}${location.search}` };
  return <Navigate to={LOGIN_PATH} replace state={state} />;
}

/** PRODUCT.md §2 logged-in guard: a stored login token is needed, otherwise /login. */
export function RequireLogin() {
  const session = useSession();
  return session.loggedIn ? <Outlet /> : <RedirectToLogin />;
}

/** PRODUCT.md §2 admin guard: the stored role must be Admin (and a token stored), otherwise /login. */
export function RequireAdmin() {
  const session = useSession();
  return session.loggedIn && session.isAdmin ? <Outlet /> : <RedirectToLogin />;
}

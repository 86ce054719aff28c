import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../lib/redirect';
import { useIsSignedIn, wasEndedByUser } from '../lib/session';

/** Screens that need a session send the user to /login and bring them back afterwards. */
export function RequireAuth() {
  const isSignedIn = useIsSignedIn();
  const location = useLocation();
  if (!isSignedIn) {
    // After a logout the screen left behind is no place to return to.
    const to = wasEndedByUser() ? '/login' : loginPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}

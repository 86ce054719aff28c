import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../lib/redirect';
import { useIsSignedIn } from '../lib/session';

/** Screens that need a session send the user to /login and bring them back afterwards. */
export function RequireAuth() {
  const isSignedIn = useIsSignedIn();
  const location = useLocation();
  if (!isSignedIn) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../session/session-store';

/** Customer-area access rule: every non-public page sends a signed-out visitor to /login. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session.isLoggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

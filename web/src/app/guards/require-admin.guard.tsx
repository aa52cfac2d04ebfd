import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../session/session-store';

/** Admin-area access rule: signed out goes to /login; signed in but not ADMIN goes to /. */
export function RequireAdmin() {
  const session = useSession();
  const location = useLocation();
  if (!session.isLoggedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (session.userType !== 'ADMIN') return <Navigate to="/" replace />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useSession } from '../../session/session-store';

/**
 * Admin-area access rule: signed out goes to /login; signed in but not ADMIN goes to /. A page the
 * router is already leaving (sign-out goes home, then clears the session) is let go instead.
 */
export function RequireAdmin() {
  const session = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  if (!session.isLoggedIn) {
    if (navigation.state !== 'idle') return null;
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  if (session.userType !== 'ADMIN') return <Navigate to="/" replace />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { useSession } from '../../session/session-store';

/**
 * Customer-area access rule: every non-public page sends a signed-out visitor to /login. A page the
 * router is already leaving (sign-out goes home, then clears the session) is let go instead.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  if (!session.isLoggedIn) {
    if (navigation.state !== 'idle') return null;
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

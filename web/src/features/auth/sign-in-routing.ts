import type { Session } from '../../session/session.schema';

/** Where a signed-in user lands (customer-area section 4, "Login routing"). */
export function landingPathFor(session: Pick<Session, 'userType' | 'isVerified'>): string {
  if (session.userType === 'ADMIN') return '/admin/dashboard';
  return session.isVerified ? '/dashboard' : '/verify';
}

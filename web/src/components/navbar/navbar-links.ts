import type { Session } from '../../session/session.schema';

export interface NavLinkItem {
  label: string;
  to: string;
}

/** The signed-in user's menu (customer-area section 2, "Navigation bar"); admins also get their area. */
export function userMenuLinks(session: Pick<Session, 'userType'>): NavLinkItem[] {
  const links: NavLinkItem[] = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Profile', to: '/profile' },
    { label: 'Change Password', to: '/change-password' },
    { label: 'Payment & Invoices', to: '/invoice-management' },
    { label: 'Card Management', to: '/credit-card-management' },
  ];
  if (session.userType === 'ADMIN') links.unshift({ label: 'Admin Dashboard', to: '/admin/dashboard' });
  return links;
}

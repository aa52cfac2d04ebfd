/** The admin sidebar (admin-area section 2), in the documented order. */
export const adminNavItems = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Logs', to: '/admin/logs' },
  { label: 'Members Report', to: '/admin/members-report' },
  { label: 'Numbers', to: '/admin/twilios' },
  { label: 'MultiMFAs', to: '/admin/multimfa' },
  { label: 'RoboMFAs', to: '/admin/robomfa' },
  { label: 'User Report', to: '/admin/user-report' },
  { label: 'Advanced Logs', to: '/admin/advanced-logs' },
  { label: 'Discount Management', to: '/admin/discount-management' },
  { label: 'Discounts Mailing List', to: '/admin/discount-emails' },
] as const;

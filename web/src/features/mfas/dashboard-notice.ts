/** What an unverified user sent back from a create form reads on the dashboard (customer-area section 5). */
export const VERIFY_FIRST_MESSAGE = 'You need to verify your email first';

/** Route state of the dashboard carrying a notice to show above the cards. */
export interface DashboardNoticeState {
  notice: string;
}

export const verifyFirstState: DashboardNoticeState = { notice: VERIFY_FIRST_MESSAGE };

export function dashboardNotice(state: unknown): string | undefined {
  return typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : undefined;
}

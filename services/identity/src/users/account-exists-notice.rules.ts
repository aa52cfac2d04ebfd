/** The owner of an address hears of sign-ups with it at most once in this long. */
export const ACCOUNT_EXISTS_NOTICE_INTERVAL_MS = 24 * 3600 * 1000;

/** Whether another "someone tried to sign up with your address" e-mail may go out now. */
export function accountExistsNoticeDue(lastNoticeAt: Date | null, now: Date): boolean {
  return lastNoticeAt === null || now.getTime() - lastNoticeAt.getTime() >= ACCOUNT_EXISTS_NOTICE_INTERVAL_MS;
}

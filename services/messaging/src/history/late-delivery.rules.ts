/**
 * How long after a text was received a copy of it is still useful: verification codes are commonly
 * valid for 5 to 10 minutes (Google's and most services' SMS codes expire within 10), so a copy sent
 * later than this probably carries a code that no longer works. It is still delivered, and shown as
 * late so the member knows to ask for a new code rather than type this one.
 */
export const LATE_DELIVERY_AFTER_MS = 10 * 60_000;

/** Whether a copy sent at `sentAt` (null: not sent) of a text received at `receivedAt` came late. */
export function isLateDelivery(receivedAt: Date, sentAt: Date | null): boolean {
  return sentAt !== null && sentAt.getTime() - receivedAt.getTime() > LATE_DELIVERY_AFTER_MS;
}

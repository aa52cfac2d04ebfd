/**
 * One calendar month after `start`, in UTC, kept within the month: 31 January is followed by the
 * last day of February.
 */
export function oneMonthAfter(start: Date): Date {
  const next = new Date(start);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return next;
}

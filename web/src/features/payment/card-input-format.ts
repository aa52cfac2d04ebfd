import { formatCreditCard, formatDate } from 'cleave-zen';

/**
 * What the sandbox card form's fields show as the visitor types, as Stripe's own card element does:
 * the number in its brand's groups (4242 4242 4242 4242, Amex 3782 822463 10005), the expiry as
 * MM / YY (a typed "1229" becomes "12 / 29", a leading "2" becomes "02 / "). Delimiters appear with the
 * digit after them, so deleting backwards never sticks on one.
 */
const CARD_NUMBER_DELIMITER = ' ';
const EXPIRY_DELIMITER = ' / ';

export function formatCardNumberInput(value: string): string {
  return formatCreditCard(value, { delimiter: CARD_NUMBER_DELIMITER, delimiterLazyShow: true });
}

export function formatExpiryInput(value: string): string {
  // A pasted four-digit year ("12/2029") keeps its last two digits, not its first two.
  const longYear = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(value);
  const typed = longYear ? `${longYear[1]?.padStart(2, '0')}${longYear[2]}` : value;
  return formatDate(typed, { datePattern: ['m', 'y'], delimiter: EXPIRY_DELIMITER, delimiterLazyShow: true });
}

/**
 * Formats a field's value and keeps the caret after the same digit it followed. Done in the same
 * input event as the formatting, not with cleave-zen's `registerCursorTracker`: that one moves the
 * caret in a later timer, computed from the value of an earlier key, so a fast second key (a paste
 * macro, a test typing "28" right after two Backspaces) lands in the middle: "12" + "28" became
 * "12 / 82". A caret at the end stays at the end (a typed "2" becomes "02", the caret after both).
 */
export function formatKeepingCaret(
  value: string,
  caret: number,
  format: (value: string) => string,
): { value: string; caret: number } {
  const formatted = format(value);
  if (caret >= value.length) return { value: formatted, caret: formatted.length };
  const digitsBefore = value.slice(0, caret).replace(/\D/g, '').length;
  if (digitsBefore === 0) return { value: formatted, caret: 0 };
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index] ?? '') && ++seen === digitsBefore)
      return { value: formatted, caret: index + 1 };
  }
  return { value: formatted, caret: formatted.length };
}

import { formatCreditCard, formatDate } from 'cleave-zen';

/**
 * What the sandbox card form's fields show as the visitor types, as Stripe's own card element does:
 * the number in its brand's groups (4242 4242 4242 4242, Amex 3782 822463 10005), the expiry as
 * MM / YY (a typed "1229" becomes "12 / 29", a leading "2" becomes "02 / "). Delimiters appear with the
 * digit after them, so deleting backwards never sticks on one.
 */
export const CARD_NUMBER_DELIMITER = ' ';
export const EXPIRY_DELIMITER = ' / ';

export function formatCardNumberInput(value: string): string {
  return formatCreditCard(value, { delimiter: CARD_NUMBER_DELIMITER, delimiterLazyShow: true });
}

export function formatExpiryInput(value: string): string {
  // A pasted four-digit year ("12/2029") keeps its last two digits, not its first two.
  const longYear = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(value);
  const typed = longYear ? `${longYear[1]?.padStart(2, '0')}${longYear[2]}` : value;
  return formatDate(typed, { datePattern: ['m', 'y'], delimiter: EXPIRY_DELIMITER, delimiterLazyShow: true });
}

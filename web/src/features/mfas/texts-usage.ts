import type { MfaUsage } from '@multimfa/api-contract';
import { formatMoney } from '../../format/money';

/** "Texts used this period: 12 of 100" (the plan's texts per month). */
export function textsUsedLine(usage: Pick<MfaUsage, 'textsUsed' | 'textsAllowed'>): string {
  return `Texts used this period: ${usage.textsUsed} of ${usage.textsAllowed}`;
}

/** Texts over the allowance and what they add to the next invoice; null within the allowance. */
export function overageLine(
  usage: Pick<MfaUsage, 'textsUsed' | 'textsAllowed' | 'extraTextPrice'>,
): string | null {
  const over = usage.textsUsed - usage.textsAllowed;
  if (over <= 0) return null;
  const each = formatMoney(usage.extraTextPrice);
  const total = formatMoney(over * usage.extraTextPrice);
  return `${over} over the allowance, ${each} each: ${total} on the next invoice`;
}

import type { TwilioNumber } from '@multimfa/api-contract';
import { longDate } from '../invoices/invoice-format';

/** What a number is doing now, with the date a reserved or quarantined number moves on. */
export function numberStateLabel(
  number: Pick<TwilioNumber, 'state' | 'reservedUntil' | 'quarantinedUntil'>,
): string {
  switch (number.state) {
    case 'FREE':
      return 'Free';
    case 'OCCUPIED':
      return 'In use';
    case 'RESERVED':
      return number.reservedUntil ? `Reserved until ${longDate(number.reservedUntil)}` : 'Reserved';
    case 'QUARANTINED':
      return number.quarantinedUntil
        ? `Quarantined until ${longDate(number.quarantinedUntil)}`
        : 'Quarantined';
  }
}

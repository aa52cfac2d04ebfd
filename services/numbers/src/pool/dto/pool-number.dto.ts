import type { PoolNumber } from '@multimfa/service-contracts/numbers';
import type { PhoneNumber } from '../phone-number.entity.js';

/** A number as the admin area shows it: anything but FREE counts as occupied. */
export function toPoolNumberDto(number: PhoneNumber): PoolNumber {
  return {
    twillioNoId: number.id,
    mobileNo: number.e164,
    sid: number.sid,
    referenceName: number.referenceName,
    country: number.countryIso,
    state: number.state,
    isOccupied: number.state !== 'FREE',
    createdAt: number.createdAt.toISOString(),
    reservedUntil: number.reservedUntil?.toISOString() ?? null,
    quarantinedUntil: number.quarantinedUntil?.toISOString() ?? null,
  };
}

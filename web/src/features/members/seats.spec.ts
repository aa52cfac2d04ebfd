import { describe, expect, it } from '@jest/globals';
import { exceedsPlan, seatsTaken } from './seats';

describe('member seats', () => {
  it('counts BOTH as 2 seats and EMAIL or MOBILE_NUMBER as 1', () => {
    expect(
      seatsTaken([{ forwardMedium: 'BOTH' }, { forwardMedium: 'EMAIL' }, { forwardMedium: 'MOBILE_NUMBER' }]),
    ).toBe(4);
  });

  it('exceeds the plan only when the seats after adding are more than noOfUsers', () => {
    expect([
      exceedsPlan([{ forwardMedium: 'EMAIL' }], 'EMAIL', 2),
      exceedsPlan([{ forwardMedium: 'EMAIL' }], 'BOTH', 2),
      exceedsPlan([], 'BOTH', 2),
      exceedsPlan([{ forwardMedium: 'BOTH' }], 'MOBILE_NUMBER', 2),
    ]).toStrictEqual([false, true, false, true]);
  });
});

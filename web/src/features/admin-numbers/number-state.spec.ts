import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { numberStateLabel } from './number-state';

describe('the state column of the admin Numbers page', () => {
  it('shows free and used numbers, and reserved and quarantined ones with the date they move on', () => {
    const none = { reservedUntil: null, quarantinedUntil: null };
    assert.deepEqual(
      [
        numberStateLabel({ state: 'FREE', ...none }),
        numberStateLabel({ state: 'OCCUPIED', ...none }),
        numberStateLabel({ state: 'RESERVED', ...none, reservedUntil: '2026-12-22T12:00:00.000Z' }),
        numberStateLabel({ state: 'QUARANTINED', ...none, quarantinedUntil: '2027-03-22T12:00:00.000Z' }),
      ],
      ['Free', 'In use', 'Reserved until December 22, 2026', 'Quarantined until March 22, 2027'],
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { discountKeys } from '../admin-discounts/admin-discounts.keys';
import { discountMailingKeys } from './discount-mailing.keys';

describe('discount mailing query keys', () => {
  it('keeps the active codes under the admin discounts, which a discount change invalidates', () => {
    const { activeDiscounts } = discountMailingKeys;
    assert.deepEqual(activeDiscounts.slice(0, discountKeys.all.length), [...discountKeys.all]);
    assert.deepEqual(activeDiscounts, ['admin', 'discounts', 'active']);
  });
});

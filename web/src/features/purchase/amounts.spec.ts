import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { fullPrice, payableAmount, toCents } from './amounts';

describe('payment amounts', () => {
  it('turns dollars into whole cents', () => {
    assert.equal(toCents(15), 1500);
    assert.equal(toCents(0.1 + 0.2), 30);
    assert.equal(toCents(19.99), 1999);
  });

  it("pays the plan's price when no discount is applied", () => {
    assert.equal(payableAmount(15, fullPrice(15)), 15);
  });

  it('pays the discounted amount while a discount of the same plan price is applied', () => {
    const discounted = {
      actualAmount: 15,
      payableAmount: 12,
      discountedAmount: 3,
      discountCode: 'SAVE20',
      discountId: '6c1f0f7e-8a53-4b8c-9d7c-2f7b1b0a9e11',
    };
    assert.equal(payableAmount(15, discounted), 12);
    assert.equal(payableAmount(25, discounted), 25);
  });
});

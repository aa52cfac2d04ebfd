import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError } from '@multimfa/service-runtime';
import { discountAmounts } from './discount-amounts.rules.js';

describe('discountAmounts', () => {
  it('charges the whole price when there is no discount', () => {
    assert.deepEqual(discountAmounts(1500, null), {
      actualCents: 1500,
      discountCents: 0,
      payableCents: 1500,
    });
  });

  it('takes a percentage off, rounded to the cent', () => {
    assert.deepEqual(discountAmounts(1500, { discountType: 'PERCENTAGE', value: 20 }), {
      actualCents: 1500,
      discountCents: 300,
      payableCents: 1200,
    });
    assert.deepEqual(discountAmounts(2500, { discountType: 'PERCENTAGE', value: 12.5 }), {
      actualCents: 2500,
      discountCents: 313,
      payableCents: 2187,
    });
  });

  it('leaves nothing to pay with 100%', () => {
    assert.deepEqual(discountAmounts(500, { discountType: 'PERCENTAGE', value: 100 }), {
      actualCents: 500,
      discountCents: 500,
      payableCents: 0,
    });
  });

  it('takes flat dollars off, never more than the price', () => {
    assert.deepEqual(discountAmounts(2500, { discountType: 'FLAT', value: 7.25 }), {
      actualCents: 2500,
      discountCents: 725,
      payableCents: 1775,
    });
    assert.deepEqual(discountAmounts(500, { discountType: 'FLAT', value: 40 }), {
      actualCents: 500,
      discountCents: 500,
      payableCents: 0,
    });
  });

  it('refuses with AMOUNT_TOO_SMALL a discount that leaves less than a card can be charged ($0.50)', () => {
    assert.throws(
      () => discountAmounts(500, { discountType: 'FLAT', value: 4.6 }),
      (error) => error instanceof DomainError && error.code === 'AMOUNT_TOO_SMALL' && error.status === 400,
    );
    assert.equal(discountAmounts(500, { discountType: 'FLAT', value: 4.5 }).payableCents, 50);
  });
});

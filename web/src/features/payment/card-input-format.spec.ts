import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { formatCardNumberInput, formatExpiryInput } from './card-input-format';
import { parseExpiry } from './sandbox-payment-form';

describe('the sandbox card form as the visitor types', () => {
  it('groups a card number by its brand, and drops what is past its length', () => {
    assert.equal(formatCardNumberInput('4242424242424242'), '4242 4242 4242 4242');
    assert.equal(formatCardNumberInput('4242 4242 4242 42421234'), '4242 4242 4242 4242');
    assert.equal(formatCardNumberInput('378282246310005'), '3782 822463 10005');
    assert.equal(formatCardNumberInput('4242'), '4242');
  });

  it('writes the expiry as MM / YY: "1229" is 12 / 29, a leading 2 is 02, a pasted 12/2029 is 12 / 29', () => {
    assert.equal(formatExpiryInput('1229'), '12 / 29');
    assert.equal(formatExpiryInput('12'), '12');
    assert.equal(formatExpiryInput('123'), '12 / 3');
    assert.equal(formatExpiryInput('2'), '02');
    assert.equal(formatExpiryInput('12/2029'), '12 / 29');
    assert.equal(formatExpiryInput('3/2031'), '03 / 31');
  });

  it('pays with what the formatted expiry says', () => {
    assert.deepEqual(parseExpiry(formatExpiryInput('1229')), { month: 12, year: 2029 });
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows dollars with a dollar sign and exactly 2 decimals', () => {
    assert.equal(formatMoney(15), '$15.00');
    assert.equal(formatMoney(0), '$0.00');
    assert.equal(formatMoney(1), '$1.00');
    assert.equal(formatMoney(3.5), '$3.50');
    assert.equal(formatMoney(0.02), '$0.02');
    assert.equal(formatMoney(12.345), '$12.35');
    assert.equal(formatMoney(1250), '$1,250.00');
  });

  it('drops ".00" from a whole-dollar plan price, and keeps the cents of another', () => {
    assert.equal(formatMoney(15, { wholeDollars: true }), '$15');
    assert.equal(formatMoney(25.5, { wholeDollars: true }), '$25.50');
  });
});

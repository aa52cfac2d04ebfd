import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { formatCardNumberInput, formatExpiryInput, formatKeepingCaret } from './card-input-format';
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

  it('keeps the caret after the digit it followed, in the same event, so a fast next key lands where it was typed', () => {
    // Typing "2" at the end of "12": the caret ends after the delimiter's digit, at the end.
    assert.deepEqual(formatKeepingCaret('122', 3, formatExpiryInput), { value: '12 / 2', caret: 6 });
    // A leading "2" is padded to "02" and the caret stays at the end.
    assert.deepEqual(formatKeepingCaret('2', 1, formatExpiryInput), { value: '02', caret: 2 });
    // Backspace over "12 / 2" leaves "12 / ": the delimiter goes with the year, the caret after "12".
    assert.deepEqual(formatKeepingCaret('12 / ', 5, formatExpiryInput), { value: '12', caret: 2 });
    // A digit inserted mid-number: the caret stays after it, past the group's space.
    assert.deepEqual(formatKeepingCaret('42942 4242', 3, formatCardNumberInput), {
      value: '4294 2424 2',
      caret: 3,
    });
    assert.deepEqual(formatKeepingCaret('42424 4242', 5, formatCardNumberInput), {
      value: '4242 4424 2',
      caret: 6,
    });
    assert.deepEqual(formatKeepingCaret('4242 4242', 0, formatCardNumberInput), {
      value: '4242 4242',
      caret: 0,
    });
  });
});

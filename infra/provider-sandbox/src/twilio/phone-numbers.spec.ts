import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { countryOf, friendlyName, smsSegments, toE164 } from './phone-numbers.js';

describe('phone numbers', () => {
  it('normalizes typed numbers to E.164 and refuses the rest', () => {
    assert.equal(toE164(' +1 (415) 555-0123 '), '+14155550123');
    assert.equal(toE164('+44 7700 900123'), '+447700900123');
    assert.equal(toE164('4155550123'), undefined);
    assert.equal(toE164('+0123456789'), undefined);
    assert.equal(toE164('+1415555012a'), undefined);
  });

  it('finds the country and the friendly name', () => {
    assert.equal(countryOf('+14155550123'), 'US');
    assert.equal(countryOf('+16135550117'), 'CA');
    assert.equal(countryOf('+447700900123'), 'GB');
    assert.equal(countryOf('+35312345678'), 'IE');
    assert.equal(friendlyName('+14155550123'), '(415) 555-0123');
    assert.equal(friendlyName('+447700900123'), '+447700900123');
  });

  it('counts segments for GSM-7 and UCS-2 bodies', () => {
    assert.equal(smsSegments('a'.repeat(160)), 1);
    assert.equal(smsSegments('a'.repeat(161)), 2);
    assert.equal(smsSegments('€'.repeat(80)), 1);
    assert.equal(smsSegments('€'.repeat(81)), 2);
    assert.equal(smsSegments('Your code is 123456 ✅'), 1);
    assert.equal(smsSegments('✅'.repeat(70)), 1);
    assert.equal(smsSegments('✅'.repeat(71)), 2);
    assert.equal(smsSegments('😀'.repeat(36)), 2);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { clientPrefix } from './client-prefix.rules.js';

describe('clientPrefix', () => {
  it('groups IPv4 addresses by /24, also when written as IPv4-mapped IPv6', () => {
    assert.equal(clientPrefix('203.0.113.7'), '203.0.113.0/24');
    assert.equal(clientPrefix('203.0.113.250'), '203.0.113.0/24');
    assert.equal(clientPrefix('::ffff:203.0.113.9'), '203.0.113.0/24');
    assert.notEqual(clientPrefix('203.0.114.7'), clientPrefix('203.0.113.7'));
  });

  it('groups IPv6 addresses by /64, however they are written', () => {
    assert.equal(clientPrefix('2001:db8:1:2::1'), '2001:db8:1:2::/64');
    assert.equal(clientPrefix('2001:0db8:0001:0002:ffff:1:2:3'), '2001:db8:1:2::/64');
    assert.notEqual(clientPrefix('2001:db8:1:3::1'), clientPrefix('2001:db8:1:2::1'));
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { SIGN_UP_THROTTLE, signUpTiers } from './sign-up-throttle.rules.js';

describe('sign-up throttle tiers', () => {
  it('counts per network and address together, per network, and per address, in minutes', () => {
    const tiers = signUpTiers('203.0.113.0/24', 'ada@example.com', 10);
    assert.deepEqual(
      tiers.map((tier) => tier.limit),
      [SIGN_UP_THROTTLE.perNetworkAndAddress, 10, SIGN_UP_THROTTLE.perAddress],
    );
    for (const tier of tiers) {
      assert.equal(tier.windowSeconds, 600);
      assert.deepEqual(tier.lockSeconds, [600]);
    }
  });

  it('keys one address the same however it is written, and never holds the address itself', () => {
    const [pair, , address] = signUpTiers('203.0.113.0/24', 'Ada@Example.com ', 10);
    const [samePair, , sameAddress] = signUpTiers('203.0.113.0/24', 'ada@example.com', 10);
    assert.equal(pair?.key, samePair?.key);
    assert.equal(address?.key, sameAddress?.key);
    assert.ok(!pair?.key.includes('example.com'));
  });

  it('gives another network its own network and pair counts, and shares only the address count', () => {
    const first = signUpTiers('203.0.113.0/24', 'ada@example.com', 10).map((tier) => tier.key);
    const second = signUpTiers('198.51.100.0/24', 'ada@example.com', 10).map((tier) => tier.key);
    assert.notEqual(first[0], second[0]);
    assert.notEqual(first[1], second[1]);
    assert.equal(first[2], second[2]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { rateLimitHeaders, rateLimitState } from './bot-rate.limiter.js';

describe('bot rate limit fields', () => {
  it('states the policy and what is left of the window', () => {
    const state = rateLimitState(120, 20, Date.parse('2026-01-01T00:00:45Z'));
    assert.deepEqual(rateLimitHeaders(state), {
      'RateLimit-Policy': '"bot";q=120;w=60',
      RateLimit: '"bot";r=100;t=15',
    });
  });

  it('marks the call over the limit as exceeded, with none remaining and Retry-After', () => {
    const state = rateLimitState(3, 4, Date.parse('2026-01-01T00:00:00Z'));
    assert.equal(state.exceeded, true);
    assert.deepEqual(rateLimitHeaders(state), {
      'RateLimit-Policy': '"bot";q=3;w=60',
      RateLimit: '"bot";r=0;t=60',
      'Retry-After': '60',
    });
  });

  it('lets the call that uses the last unit through', () => {
    assert.equal(rateLimitState(3, 3, 0).exceeded, false);
    assert.equal(rateLimitState(3, 3, 0).remaining, 0);
  });
});

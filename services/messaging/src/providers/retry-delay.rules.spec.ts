import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { FixedClock } from '@multimfa/service-runtime';
import { ProviderError, rateLimitResetOf } from './provider.errors.js';
import { providerBackoff, retryDelayMs } from './retry-delay.rules.js';

const clock = new FixedClock(new Date('2026-11-22T10:00:00Z'));

describe('the retry delay of a send', () => {
  it('doubles from one second per attempt and stops growing at five minutes (no jitter drawn: the middle)', () => {
    const plain = new Error('socket hang up');
    assert.deepEqual(
      [1, 2, 3, 4, 5, 8, 9, 10, 20].map((attempt) => retryDelayMs(attempt, plain, clock.now(), 0.5)),
      [1000, 2000, 4000, 8000, 16_000, 128_000, 256_000, 300_000, 300_000],
    );
  });

  it('spreads each delay within 20% either way', () => {
    const plain = new Error('socket hang up');
    assert.deepEqual(
      [0, 0.25, 0.999_999].map((random) => retryDelayMs(10, plain, clock.now(), random)),
      [240_000, 270_000, 360_000],
    );
  });

  it("waits for a 429's Retry-After seconds when they are longer than the backoff", () => {
    const retryAt = rateLimitResetOf({ 'Retry-After': '7' }, clock.now());
    const error = new ProviderError('twilio', 429, 'Too Many Requests', retryAt);
    assert.equal(retryDelayMs(1, error, clock.now(), 0.5), 7000);
  });

  it('waits until X-RateLimit-Reset (Unix seconds), the later of it and Retry-After', () => {
    const reset = String(clock.now().getTime() / 1000 + 12);
    const retryAt = rateLimitResetOf({ 'x-ratelimit-reset': reset, 'retry-after': '3' }, clock.now());
    assert.equal(retryAt?.toISOString(), '2026-11-22T10:00:12.000Z');
    assert.equal(
      retryDelayMs(2, new ProviderError('sendgrid', 429, 'limited', retryAt), clock.now(), 0.5),
      12_000,
    );
  });

  it('keeps the backoff when the reset is sooner than it, and reads an HTTP-date Retry-After', () => {
    const retryAt = rateLimitResetOf({ 'Retry-After': 'Sun, 22 Nov 2026 10:00:02 GMT' }, clock.now());
    assert.equal(retryAt?.toISOString(), '2026-11-22T10:00:02.000Z');
    assert.equal(
      retryDelayMs(4, new ProviderError('twilio', 429, 'limited', retryAt), clock.now(), 0.5),
      8000,
    );
  });

  it('caps a far-away reset at ten minutes', () => {
    const retryAt = rateLimitResetOf({ 'Retry-After': '86400' }, clock.now());
    assert.equal(
      retryDelayMs(1, new ProviderError('twilio', 429, 'limited', retryAt), clock.now(), 0.5),
      600_000,
    );
  });

  it('runs the same schedule that many times faster at a scale below 1 (a 12 s reset waits 200 ms at 1/60; the fifth-minute cap 4 to 6 s)', () => {
    const retryAt = rateLimitResetOf({ 'Retry-After': '12' }, clock.now());
    const error = new ProviderError('twilio', 429, 'limited', retryAt);
    const delay = (scale: number, attemptsMade: number, cause: Error) =>
      providerBackoff(clock, scale)?.backoffStrategy?.(attemptsMade, 'provider', cause) as number;
    assert.equal(delay(1, 1, error), 12_000);
    assert.equal(delay(1 / 60, 1, error), 200);
    const capped = delay(1 / 60, 20, new Error('socket hang up'));
    assert.ok(capped >= 4000 && capped <= 6000, String(capped));
  });
});

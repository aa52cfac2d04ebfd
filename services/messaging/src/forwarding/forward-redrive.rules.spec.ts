import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { FixedClock } from '@multimfa/service-runtime';
import { type FailedForward, MAX_REDRIVES, mayRedrive, REDRIVE_WITHIN_MS } from './forward-redrive.rules.js';

const clock = new FixedClock(new Date('2026-11-22T10:00:00Z'));
const ago = (ms: number) => new Date(clock.now().getTime() - ms);

/** Failed an hour ago during an outage; the provider accepted a send ten minutes ago. */
const failed = (overrides: Partial<FailedForward> = {}): FailedForward => ({
  failureClass: 'transient',
  failedAt: ago(60 * 60_000),
  redrives: 0,
  redrivenAt: null,
  sentAt: null,
  providerAcceptedAt: ago(10 * 60_000),
  ...overrides,
});

describe('whether a failed forward is re-driven', () => {
  it('re-drives a forward that failed in an outage once its provider accepted a send after the failure', () => {
    assert.equal(mayRedrive(failed(), clock.now()), true);
  });

  it('leaves it while the provider has accepted nothing since the failure (the outage goes on)', () => {
    assert.equal(mayRedrive(failed({ providerAcceptedAt: null }), clock.now()), false);
    assert.equal(mayRedrive(failed({ providerAcceptedAt: ago(2 * 60 * 60_000) }), clock.now()), false);
    assert.equal(mayRedrive(failed({ providerAcceptedAt: ago(60 * 60_000) }), clock.now()), false);
  });

  it('never re-drives a permanent refusal (invalid or unsubscribed recipient) or a failure of unknown cause', () => {
    assert.equal(mayRedrive(failed({ failureClass: 'permanent' }), clock.now()), false);
    assert.equal(mayRedrive(failed({ failureClass: null }), clock.now()), false);
  });

  it('re-drives a failure of exactly a day ago but not one a moment older', () => {
    const dayAgo = ago(REDRIVE_WITHIN_MS);
    assert.equal(mayRedrive(failed({ failedAt: dayAgo }), clock.now()), true);
    assert.equal(mayRedrive(failed({ failedAt: ago(REDRIVE_WITHIN_MS + 1) }), clock.now()), false);
  });

  it(`re-drives at most ${MAX_REDRIVES} times, and not while a re-drive is running`, () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((redrives) => mayRedrive(failed({ redrives }), clock.now())),
      [true, true, true, false, false],
    );
    assert.equal(mayRedrive(failed({ redrivenAt: ago(60_000) }), clock.now()), false);
  });

  it('never re-drives a forward its provider accepted (it would be sent twice)', () => {
    assert.equal(mayRedrive(failed({ sentAt: ago(90 * 60_000) }), clock.now()), false);
  });
});

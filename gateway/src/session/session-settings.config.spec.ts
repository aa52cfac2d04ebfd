import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { SESSION_IDLE_SECONDS, sessionCookieName, sessionSecondsLeft } from './session-settings.config.js';

const DAY = 24 * 3600;
const now = Date.parse('2026-01-08T00:00:00Z');

describe('session lifetime', () => {
  it('ends a week after sign-in however recently the session was used', () => {
    const session = { startedAt: now - (7 * DAY - 30) * 1000, lastSeenAt: now };
    assert.equal(sessionSecondsLeft(session, 7 * DAY, now), 30);
  });

  it('ends 24 hours after the last request when that comes first', () => {
    const session = { startedAt: now - DAY * 1000, lastSeenAt: now - (SESSION_IDLE_SECONDS - 60) * 1000 };
    assert.equal(sessionSecondsLeft(session, 7 * DAY, now), 60);
    assert.ok(sessionSecondsLeft({ startedAt: now, lastSeenAt: now - DAY * 1000 - 1000 }, 7 * DAY, now) <= 0);
  });

  it('names the cookie with the __Host- prefix over https only', () => {
    assert.equal(sessionCookieName(true), '__Host-mmfa.sid');
    assert.equal(sessionCookieName(false), 'mmfa.sid');
  });
});

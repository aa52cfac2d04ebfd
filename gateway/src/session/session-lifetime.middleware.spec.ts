import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, it } from '@jest/globals';
import { FixedClock, type Logger } from '@multimfa/service-runtime';
import type { SessionData } from 'express-session';
import { type GatewayRequest, SESSION_EXPIRED } from '../exchange/raw-exchange.adapter.js';
import { sessionLifetimeMiddleware } from './session-lifetime.middleware.js';
import { SESSION_IDLE_SECONDS, SESSION_SEEN_GRANULARITY_SECONDS } from './session-settings.config.js';

const LIFETIME_SECONDS = 7 * 24 * 3600;

/** Runs the middleware once on a request with this session (or none stored) and these cookies. */
function run(clock: FixedClock, session: Partial<SessionData>, cookie?: string, sessionID = 'current') {
  let regenerated = false;
  const req = {
    headers: cookie ? { cookie } : {},
    sessionID,
    session: {
      ...session,
      regenerate(done: () => void) {
        regenerated = true;
        done();
      },
    },
  } as unknown as GatewayRequest;
  const res = {} as ServerResponse;
  sessionLifetimeMiddleware(LIFETIME_SECONDS, clock, {} as Logger)(req, res, () => undefined);
  return { expired: req[SESSION_EXPIRED] === true, regenerated, session: req.session };
}

describe('session lifetime, on the injected clock', () => {
  it('ends a session at its absolute lifetime from sign-in, however recently it was used', () => {
    const clock = new FixedClock();
    const startedAt = clock.now().getTime();
    clock.advance(LIFETIME_SECONDS * 1000 - 1000);
    assert.equal(run(clock, { startedAt, lastSeenAt: clock.now().getTime() }).expired, false);
    clock.advance(1000);
    const ended = run(clock, { startedAt, lastSeenAt: clock.now().getTime() });
    assert.equal(ended.expired, true);
    assert.equal(ended.regenerated, true);
  });

  it('ends a session nobody used for 24 hours', () => {
    const clock = new FixedClock();
    const startedAt = clock.now().getTime();
    clock.advance(SESSION_IDLE_SECONDS * 1000 - 1000);
    assert.equal(run(clock, { startedAt, lastSeenAt: startedAt }).expired, false);
    clock.advance(1000);
    assert.equal(run(clock, { startedAt, lastSeenAt: startedAt }).expired, true);
  });

  it('writes the last-seen time only once it is SESSION_SEEN_GRANULARITY_SECONDS old', () => {
    const clock = new FixedClock();
    const startedAt = clock.now().getTime();
    clock.advance(SESSION_SEEN_GRANULARITY_SECONDS * 1000 - 1);
    assert.equal(run(clock, { startedAt, lastSeenAt: startedAt }).session.lastSeenAt, startedAt);
    clock.advance(1);
    assert.equal(run(clock, { startedAt, lastSeenAt: startedAt }).session.lastSeenAt, clock.now().getTime());
  });

  it('says expired for a cookie naming a session the store no longer has, not for a browser without one', () => {
    const clock = new FixedClock();
    assert.equal(run(clock, {}, 'XSRF-TOKEN=x; mmfa.sid=s%3Aended-id.signature').expired, true);
    assert.equal(run(clock, {}, '__Host-mmfa.sid=s%3Aended-id.signature').expired, true);
    assert.equal(run(clock, {}, 'XSRF-TOKEN=x').expired, false);
    assert.equal(run(clock, {}).expired, false);
    // The cookie names the session this request has (an anonymous one, nothing signed in yet).
    assert.equal(run(clock, {}, 'mmfa.sid=s%3Acurrent.signature').expired, false);
  });
});

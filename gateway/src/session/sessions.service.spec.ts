import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError, FixedClock } from '@multimfa/service-runtime';
import type { GatewayConfig } from '../config/gateway.config.js';
import type { GatewayRedis } from '../redis/gateway-redis.client.js';
import type { BrowserSession } from './browser.port.js';
import type { SessionState } from './session-state.types.js';
import { PROOF_VALID_MS, SessionsService } from './sessions.service.js';

/** A session that regenerates and saves in memory (no session store, no Redis needed). */
function anonymousSession(): BrowserSession {
  let id = 'first';
  let data: SessionState = {};
  return {
    get id() {
      return id;
    },
    get data() {
      return data;
    },
    async regenerate() {
      id = `${id}+`;
      data = {};
    },
    save: async () => undefined,
    destroy: async () => undefined,
  };
}

const google = {
  subject: 'google-subject-1',
  emailAddress: 'ada@example.com',
  fullName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

/** Only the index of a user's sessions is written to Redis; these tests read back what left it. */
const removed: string[][] = [];
const indexOnlyRedis = {
  client: {
    multi() {
      const chain = { sadd: () => chain, expire: () => chain, exec: async () => [] };
      return chain;
    },
    srem: async (...args: string[]) => removed.push(args),
  },
} as unknown as GatewayRedis;

function sessionsAt(clock: FixedClock) {
  return new SessionsService(
    indexOnlyRedis,
    { COOKIE_SECURE: false, SESSION_TTL_SECONDS: 3600 } as GatewayConfig,
    clock,
  );
}

const refusedWith = (code: string, status: number) => (error: unknown) =>
  error instanceof DomainError && error.code === code && error.status === status;

describe('the proof window of a session, on the injected clock', () => {
  it('keeps a Google proof for 10 minutes from the moment it is stored, under a new session id', async () => {
    const clock = new FixedClock();
    const sessions = sessionsAt(clock);
    const session = anonymousSession();
    await sessions.storeGoogleProof(session, google);
    assert.equal(session.id, 'first+');
    assert.equal(session.data.google?.verifiedAt, clock.now().getTime());

    clock.advance(PROOF_VALID_MS);
    assert.equal(sessions.provenGoogle(session, google.emailAddress).subject, google.subject);
    assert.equal(sessions.freshGoogle(session)?.subject, google.subject);
    clock.advance(1);
    assert.throws(
      () => sessions.provenGoogle(session, google.emailAddress),
      refusedWith('GOOGLE_IDENTITY_REQUIRED', 403),
    );
    assert.equal(sessions.freshGoogle(session), undefined);
  });

  it('proves only the address Google gave', async () => {
    const sessions = sessionsAt(new FixedClock());
    const session = anonymousSession();
    await sessions.storeGoogleProof(session, google);
    assert.throws(
      () => sessions.provenGoogle(session, 'someone@example.com'),
      refusedWith('GOOGLE_IDENTITY_REQUIRED', 403),
    );
  });

  it('keeps a reset grant for 10 minutes from the moment it is stored, for its address only', async () => {
    const clock = new FixedClock();
    const sessions = sessionsAt(clock);
    const session = anonymousSession();
    const grant = { userId: '6f1c2b9e-2f43-4d43-9d7e-0d9b0f1b7a11', emailAddress: 'ada@example.com' };
    await sessions.storeResetGrant(session, grant);
    assert.equal(session.data.passwordReset?.verifiedAt, clock.now().getTime());

    clock.advance(PROOF_VALID_MS);
    assert.equal(sessions.resetGrant(session, grant.emailAddress).userId, grant.userId);
    assert.throws(
      () => sessions.resetGrant(session, 'other@example.com'),
      refusedWith('RESET_NOT_VERIFIED', 403),
    );
    clock.advance(1);
    assert.throws(
      () => sessions.resetGrant(session, grant.emailAddress),
      refusedWith('RESET_NOT_VERIFIED', 403),
    );
  });
});

describe('signing out', () => {
  it('takes the session out of the user’s index, ends it, and clears its cookie as it was set', async () => {
    const sessions = sessionsAt(new FixedClock());
    const session = anonymousSession();
    await sessions.signIn(session, { userId: 'u1', userType: 'CUSTOMER' });
    const ended: string[] = [];
    const cleared: unknown[] = [];
    await sessions.signOut({
      // The session's id and contents as they are now (a spread reads the getters).
      session: { ...session, destroy: async () => void ended.push(session.id) },
      cookies: { signed: () => undefined, set: () => undefined, clear: (...args) => cleared.push(args) },
    });
    assert.deepEqual(removed.at(-1), ['user-sessions:u1', 'first+']);
    assert.deepEqual(ended, ['first+']);
    assert.deepEqual(cleared, [['mmfa.sid', { path: '/', httpOnly: true, sameSite: 'lax', secure: false }]]);
  });
});

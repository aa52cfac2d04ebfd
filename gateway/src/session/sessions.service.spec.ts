import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError, FixedClock } from '@multimfa/service-runtime';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import type { GatewayConfig } from '../config/gateway.config.js';
import type { GatewayRedis } from '../redis/gateway-redis.js';
import { PROOF_VALID_MS, SessionsService } from './sessions.service.js';

type FakeSession = Partial<SessionData> & {
  regenerate(done: (error?: unknown) => void): void;
  save(done: (error?: unknown) => void): void;
};

/** A request whose session regenerates and saves in memory (no session store, no Redis needed). */
function anonymousRequest(): Request {
  const request = { sessionID: 'first' } as { session: FakeSession; sessionID: string };
  const fresh = (): FakeSession => ({
    regenerate(done) {
      request.sessionID = `${request.sessionID}+`;
      request.session = fresh();
      done();
    },
    save: (done) => done(),
  });
  request.session = fresh();
  return request as unknown as Request;
}

const google = {
  subject: 'google-subject-1',
  emailAddress: 'ada@example.com',
  fullName: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

/** Only the index of a user's sessions is written to Redis; these tests do not read it back. */
const indexOnlyRedis = {
  client: {
    multi() {
      const chain = { sadd: () => chain, expire: () => chain, exec: async () => [] };
      return chain;
    },
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
    const req = anonymousRequest();
    await sessions.storeGoogleProof(req, google);
    assert.equal(req.sessionID, 'first+');
    assert.equal(req.session.google?.verifiedAt, clock.now().getTime());

    clock.advance(PROOF_VALID_MS);
    assert.equal(sessions.provenGoogle(req, google.emailAddress).subject, google.subject);
    assert.equal(sessions.freshGoogle(req)?.subject, google.subject);
    clock.advance(1);
    assert.throws(
      () => sessions.provenGoogle(req, google.emailAddress),
      refusedWith('GOOGLE_IDENTITY_REQUIRED', 403),
    );
    assert.equal(sessions.freshGoogle(req), undefined);
  });

  it('proves only the address Google gave', async () => {
    const sessions = sessionsAt(new FixedClock());
    const req = anonymousRequest();
    await sessions.storeGoogleProof(req, google);
    assert.throws(
      () => sessions.provenGoogle(req, 'someone@example.com'),
      refusedWith('GOOGLE_IDENTITY_REQUIRED', 403),
    );
  });

  it('keeps a reset grant for 10 minutes from the moment it is stored, for its address only', async () => {
    const clock = new FixedClock();
    const sessions = sessionsAt(clock);
    const req = anonymousRequest();
    const grant = { userId: '6f1c2b9e-2f43-4d43-9d7e-0d9b0f1b7a11', emailAddress: 'ada@example.com' };
    await sessions.storeResetGrant(req, grant);
    assert.equal(req.session.passwordReset?.verifiedAt, clock.now().getTime());

    clock.advance(PROOF_VALID_MS);
    assert.equal(sessions.resetGrant(req, grant.emailAddress).userId, grant.userId);
    assert.throws(
      () => sessions.resetGrant(req, 'other@example.com'),
      refusedWith('RESET_NOT_VERIFIED', 403),
    );
    clock.advance(1);
    assert.throws(() => sessions.resetGrant(req, grant.emailAddress), refusedWith('RESET_NOT_VERIFIED', 403));
  });
});

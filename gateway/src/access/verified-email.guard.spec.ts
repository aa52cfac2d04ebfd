import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { type Endpoint, endpoint, envelope } from '@multimfa/api-contract';
import { DomainError } from '@multimfa/service-runtime';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { z } from 'zod';
import type { SessionState } from '../session/session-state.types.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { ENDPOINT_METADATA } from './serves.decorator.js';
import { VerifiedEmailGuard } from './verified-email.guard.js';

const route = (access: Endpoint['access']) =>
  endpoint({
    operationId: access,
    method: 'POST',
    path: '/api/x',
    summary: '',
    tag: 't',
    access,
    response: envelope(z.null()),
  });

function context(access: Endpoint['access'], session: SessionState): ExecutionContext {
  const handler = () => undefined;
  Reflect.defineMetadata(ENDPOINT_METADATA, route(access), handler);
  return {
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ raw: { session } }) }),
  } as unknown as ExecutionContext;
}

/** The guard over an identity that knows these users' verification; answers the ids it was asked about. */
function guard(verified: Record<string, boolean>) {
  const asked: string[] = [];
  const identity = {
    get: async (path: string) => {
      const userId = path.replace('/users/', '');
      asked.push(userId);
      return { isVerified: verified[userId] ?? false };
    },
  } as unknown as ServiceClient;
  return { guard: new VerifiedEmailGuard(new Reflector(), identity), asked };
}

const answer = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 'allowed';
  } catch (error) {
    assert.ok(error instanceof DomainError);
    return `${error.status} ${error.code} ${error.message}`;
  }
};

const REFUSED = '403 EMAIL_NOT_VERIFIED You need to verify your email first';
const customer = (userId: string): SessionState => ({ user: { userId, role: 'CUSTOMER' } });

describe('VerifiedEmailGuard', () => {
  it('lets a customer whose address identity says is verified call a verified-access endpoint', async () => {
    const { guard: verifiedOnly, asked } = guard({ u1: true });
    assert.equal(
      await answer(() => verifiedOnly.canActivate(context('verified', customer('u1')))),
      'allowed',
    );
    assert.deepEqual(asked, ['u1']);
  });

  it('refuses an unverified customer, and a pending sign-up without asking identity, with 403 EMAIL_NOT_VERIFIED', async () => {
    const { guard: verifiedOnly, asked } = guard({ u1: false, u2: true });
    assert.equal(await answer(() => verifiedOnly.canActivate(context('verified', customer('u1')))), REFUSED);
    const pending: SessionState = {
      ...customer('u2'),
      pendingSignUp: { emailAddress: 'a@example.com', firstName: 'A', lastName: 'B', mobileNo: '' },
    };
    assert.equal(await answer(() => verifiedOnly.canActivate(context('verified', pending))), REFUSED);
    assert.deepEqual(asked, ['u1']);
  });

  it('leaves every other access level alone, asking identity nothing', async () => {
    const { guard: verifiedOnly, asked } = guard({});
    for (const access of ['public', 'user', 'admin', 'bot'] as const) {
      assert.equal(await answer(() => verifiedOnly.canActivate(context(access, customer('u1')))), 'allowed');
    }
    assert.deepEqual(asked, []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { type Endpoint, endpoint, envelope } from '@multimfa/api-contract';
import { DomainError } from '@multimfa/service-runtime';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { z } from 'zod';
import type { SessionUser } from '../session/session-state.types.js';
import { AccessGuard } from './access.guard.js';
import { ENDPOINT_METADATA, PUBLIC_ROUTE_METADATA } from './serves.decorator.js';

const guard = new AccessGuard(new Reflector());
const route = (access: Endpoint['access']) =>
  endpoint({
    operationId: access,
    method: 'GET',
    path: '/api/x',
    summary: '',
    tag: 't',
    access,
    response: envelope(z.null()),
  });

function context(
  path: string,
  user: SessionUser | undefined,
  metadata: Record<string, unknown>,
): ExecutionContext {
  const handler = () => undefined;
  for (const [key, value] of Object.entries(metadata)) Reflect.defineMetadata(key, value, handler);
  return {
    getHandler: () => handler,
    getClass: () => class {},
    switchToHttp: () => ({
      getRequest: () => ({ raw: { url: path, session: { user } } }),
    }),
  } as unknown as ExecutionContext;
}

const statusOf = (run: () => unknown) => {
  try {
    run();
    return 200;
  } catch (error) {
    return error instanceof DomainError ? error.status : 500;
  }
};

const customer: SessionUser = { userId: 'u1', role: 'CUSTOMER' };
const admin: SessionUser = { userId: 'u2', role: 'ADMIN' };

describe('AccessGuard', () => {
  it('lets anyone call a public endpoint', () => {
    assert.equal(
      statusOf(() =>
        guard.canActivate(context('/api/x', undefined, { [ENDPOINT_METADATA]: route('public') })),
      ),
      200,
    );
  });

  it('answers 401 to anonymous callers of user and admin endpoints', () => {
    for (const access of ['user', 'admin'] as const) {
      assert.equal(
        statusOf(() =>
          guard.canActivate(context('/api/x', undefined, { [ENDPOINT_METADATA]: route(access) })),
        ),
        401,
      );
    }
  });

  it('answers 403 to customers on admin endpoints and lets admins through', () => {
    assert.equal(
      statusOf(() => guard.canActivate(context('/api/x', customer, { [ENDPOINT_METADATA]: route('admin') }))),
      403,
    );
    assert.equal(
      statusOf(() => guard.canActivate(context('/api/x', admin, { [ENDPOINT_METADATA]: route('admin') }))),
      200,
    );
    assert.equal(
      statusOf(() => guard.canActivate(context('/api/x', customer, { [ENDPOINT_METADATA]: route('user') }))),
      200,
    );
  });

  it('refuses an /api route that is bound to no documented endpoint, unless marked public', () => {
    assert.equal(
      statusOf(() => guard.canActivate(context('/api/secret', admin, {}))),
      404,
    );
    assert.equal(
      statusOf(() => guard.canActivate(context('/api/docs', undefined, { [PUBLIC_ROUTE_METADATA]: true }))),
      200,
    );
    assert.equal(
      statusOf(() => guard.canActivate(context('/health/ready', undefined, {}))),
      200,
    );
  });
});

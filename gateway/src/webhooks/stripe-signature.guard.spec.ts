import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError } from '@multimfa/service-runtime';
import type { ExecutionContext } from '@nestjs/common';
import { StripeSignatureGuard } from './stripe-signature.guard.js';

function post(body: unknown, signature?: string): ExecutionContext {
  const req = { body, headers: { 'stripe-signature': signature } };
  return { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

const refusal = (run: () => unknown) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? `${error.status} ${error.code}` : String(error);
  }
};

describe('StripeSignatureGuard', () => {
  const guard = new StripeSignatureGuard();

  it('passes a delivery with a body and a Stripe-Signature on to billing, which verifies it', () => {
    assert.equal(guard.canActivate(post(Buffer.from('{}'), 't=1,v1=abc')), true);
  });

  it('refuses with 400 a delivery without a signature or a body', () => {
    for (const attempt of [
      post(Buffer.from('{}')),
      post(Buffer.from('{}'), ''),
      post(Buffer.alloc(0), 't=1,v1=abc'),
      post({ parsed: true }, 't=1,v1=abc'),
    ])
      assert.equal(
        refusal(() => guard.canActivate(attempt)),
        '400 WEBHOOK_SIGNATURE_INVALID',
      );
  });
});

import assert from 'node:assert/strict';
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { DomainError, FixedClock, type Logger } from '@multimfa/service-runtime';
import type { ExecutionContext } from '@nestjs/common';
import { SendGridSignatureGuard } from './sendgrid-signature.guard.js';

const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const body = Buffer.from(
  JSON.stringify([{ event: 'delivered', emailId: '7d444840-9dc0-11d1-b245-5ffdce74fad2' }]),
);
const timestamp = '1767225600';
const signatureOf = (signed: Buffer, key = keys.privateKey) =>
  sign('sha256', Buffer.concat([Buffer.from(timestamp), signed]), key).toString('base64');

function post(headers: Record<string, string | undefined>, sent = body): ExecutionContext {
  const req = {
    url: '/api/webhooks/sendgrid/events',
    ip: '203.0.113.7',
    body: sent,
    headers,
  };
  return { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

const signedHeaders = (signature: string) => ({
  'x-twilio-email-event-webhook-signature': signature,
  'x-twilio-email-event-webhook-timestamp': timestamp,
});

/** The guard, its clock at the signing time (2026-01-01T00:00:00Z) unless told. */
function guard(key: KeyObject | undefined, clock = new FixedClock()) {
  const warnings: unknown[] = [];
  const logger = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;
  const settings = { publicApiUrl: '', twilioAuthToken: '', sendgridPublicKey: key };
  return { guard: new SendGridSignatureGuard(settings, clock, logger), warnings };
}

const refusal = (run: () => unknown) => {
  try {
    run();
    return { status: 200, code: undefined };
  } catch (error) {
    return error instanceof DomainError
      ? { status: error.status, code: error.code }
      : { status: 500, code: undefined };
  }
};
const status = (run: () => unknown) => refusal(run).status;

describe('SendGridSignatureGuard', () => {
  it('lets through events signed (ECDSA P-256, SHA-256) over the timestamp and the body as sent', () => {
    assert.equal(guard(keys.publicKey).guard.canActivate(post(signedHeaders(signatureOf(body)))), true);
  });

  it('refuses with 403, and logs, a missing, forged or garbled signature, a changed body, and any without a key', () => {
    const { guard: sendgrid, warnings } = guard(keys.publicKey);
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const refused = [
      post({}),
      post({ 'x-twilio-email-event-webhook-signature': signatureOf(body) }),
      post(signedHeaders(signatureOf(body, otherKey))),
      post(signedHeaders('not base64 DER')),
      post(signedHeaders(signatureOf(body)), Buffer.from('[]')),
    ];
    for (const attempt of refused)
      assert.equal(
        status(() => sendgrid.canActivate(attempt)),
        403,
      );
    assert.deepEqual(warnings[0], { path: '/api/webhooks/sendgrid/events', ip: '203.0.113.7' });
    assert.equal(warnings.length, refused.length);
    assert.equal(
      status(() => guard(undefined).guard.canActivate(post(signedHeaders(signatureOf(body))))),
      403,
    );
  });

  it('refuses with 403, and logs, a correctly signed batch replayed more than 10 minutes after it was signed, or signed as if more than 10 minutes ahead', () => {
    const signed = post(signedHeaders(signatureOf(body)));
    const at = (offsetMs: number) => {
      const clock = new FixedClock();
      clock.advance(offsetMs);
      return guard(keys.publicKey, clock);
    };
    assert.equal(at(10 * 60_000).guard.canActivate(signed), true);
    assert.equal(at(-10 * 60_000).guard.canActivate(signed), true);
    for (const offsetMs of [10 * 60_000 + 1000, 24 * 3600_000, -(10 * 60_000 + 1000)]) {
      const { guard: sendgrid, warnings } = at(offsetMs);
      assert.deepEqual(
        refusal(() => sendgrid.canActivate(signed)),
        { status: 403, code: 'WEBHOOK_SIGNATURE_EXPIRED' },
      );
      assert.equal(warnings.length, 1);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError, type Logger } from '@multimfa/service-runtime';
import type { ExecutionContext } from '@nestjs/common';
import twilio from 'twilio';
import { TwilioSignatureGuard } from './twilio-signature.guard.js';

const AUTH_TOKEN = '5a4db0c55a4db0c55a4db0c55a4db0c5';
const PUBLIC = 'https://api.multimfa.example';
const form = { MessageSid: `SM${'0a'.repeat(16)}`, From: '+447700900555', To: '+14155550171', Body: 'Hi' };

function post(url: string, params: Record<string, string>, signature?: string): ExecutionContext {
  const req = {
    url,
    ip: '203.0.113.7',
    body: Buffer.from(new URLSearchParams(params).toString()),
    headers: { 'x-twilio-signature': signature },
  };
  return { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

function guard() {
  const warnings: unknown[] = [];
  const logger = { warn: (fields: unknown) => warnings.push(fields) } as unknown as Logger;
  const settings = { publicApiUrl: PUBLIC, twilioAuthToken: AUTH_TOKEN, sendgridPublicKey: undefined };
  return { guard: new TwilioSignatureGuard(settings, logger), warnings };
}

const signed = (url: string, params: Record<string, string>, token = AUTH_TOKEN) =>
  twilio.getExpectedTwilioSignature(token, url, params);

const refusal = (run: () => unknown) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? `${error.status} ${error.code}` : String(error);
  }
};

describe('TwilioSignatureGuard', () => {
  it('lets through a form signed for the public URL Twilio posted to, query included', () => {
    const { guard: twilioGuard } = guard();
    const path = '/api/webhooks/twilio/status?forwardId=7d444840-9dc0-11d1-b245-5ffdce74fad2';
    assert.equal(twilioGuard.canActivate(post(path, form, signed(`${PUBLIC}${path}`, form))), true);
  });

  it('refuses with 403, and logs, a signature that is missing, forged, for another URL, or for another form', () => {
    const { guard: twilioGuard, warnings } = guard();
    const path = '/api/webhooks/twilio/sms';
    const url = `${PUBLIC}${path}`;
    const attempts = [
      post(path, form),
      post(path, form, signed(url, form, 'not-the-auth-token-000000000000')),
      post(path, form, signed(`https://attacker.example${path}`, form)),
      post(path, { ...form, Body: 'changed after signing' }, signed(url, form)),
    ];
    for (const attempt of attempts)
      assert.equal(
        refusal(() => twilioGuard.canActivate(attempt)),
        '403 WEBHOOK_SIGNATURE_INVALID',
      );
    assert.deepEqual(warnings[0], { path, ip: '203.0.113.7', signed: false });
    assert.equal(warnings.length, 4);
  });
});

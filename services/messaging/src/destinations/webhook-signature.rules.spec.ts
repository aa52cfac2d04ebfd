import { describe, expect, it } from '@jest/globals';
import { newSigningSecret, signatureHeader, verifySignature } from './webhook-signature.rules.js';

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret';
  const at = new Date('2026-11-29T07:00:00Z');
  const body = JSON.stringify({ type: 'message.received', code: '123456' });

  it('signs HMAC-SHA256 over "timestamp.body" as t=<seconds>,v1=<hex>', () => {
    // Computed independently: printf '1795935600.%s' "$body" | openssl dgst -sha256 -hmac whsec_test-secret
    const header = signatureHeader(secret, body, at);
    expect(header).toBe('t=1795935600,v1=93b77ebaca14247f354442163fcd05f8f815e18022990221cf97044e2fd4bdd4');
    expect(verifySignature(header, body, secret, at)).toBe(true);
  });

  it('refuses another body, another secret, and a timestamp outside the tolerance', () => {
    const header = signatureHeader(secret, body, at);
    expect(verifySignature(header, `${body} `, secret, at)).toBe(false);
    expect(verifySignature(header, body, 'whsec_other', at)).toBe(false);
    expect(verifySignature(header, body, secret, new Date(at.getTime() + 301_000))).toBe(false);
    expect(verifySignature(header, body, secret, new Date(at.getTime() + 299_000))).toBe(true);
  });

  it('refuses a header whose signature was moved to another timestamp', () => {
    const [, v1] = signatureHeader(secret, body, at).split(',');
    expect(verifySignature(`t=${1795935600 + 1},${v1}`, body, secret, at)).toBe(false);
    expect(verifySignature('garbage', body, secret, at)).toBe(false);
  });

  it('makes a different secret each time, prefixed whsec_', () => {
    const first = newSigningSecret();
    expect(first).toMatch(/^whsec_[\w-]{43}$/);
    expect(newSigningSecret()).not.toBe(first);
  });
});

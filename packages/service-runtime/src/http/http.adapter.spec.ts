import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { createHttpAdapter } from './http.adapter.js';

/** The address Fastify gives a request that came through `forwardedFor` (X-Forwarded-For), from 127.0.0.1. */
async function addressSeen(trustProxy: number | undefined, forwardedFor: string): Promise<string> {
  const fastify = createHttpAdapter(trustProxy === undefined ? {} : { trustProxy }).adapter.getInstance();
  fastify.get('/ip', (request) => ({ ip: request.ip }));
  await fastify.ready();
  const answer = await fastify.inject({ url: '/ip', headers: { 'x-forwarded-for': forwardedFor } });
  await fastify.close();
  return answer.json().ip;
}

describe('the client address behind trusted proxies', () => {
  it('behind one proxy, is the address that proxy appended, not what the client wrote before it', async () => {
    // A client that forged "198.51.100.1" is seen at the address the Ingress appended after it.
    assert.equal(await addressSeen(1, '198.51.100.1, 203.0.113.9'), '203.0.113.9');
  });

  it('behind two proxies, is the address the outer one appended', async () => {
    assert.equal(await addressSeen(2, '198.51.100.1, 203.0.113.9, 10.0.0.5'), '203.0.113.9');
  });

  it('with no proxy trusted, is the connection itself: a forged X-Forwarded-For is ignored', async () => {
    assert.equal(await addressSeen(undefined, '198.51.100.1'), '127.0.0.1');
    assert.equal(await addressSeen(0, '198.51.100.1'), '127.0.0.1');
  });
});

import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  createLogger,
  DomainError,
  generateServiceKeyPair,
  ServiceTokenSigner,
  signingKeySchema,
  withCorrelationId,
} from '@multimfa/service-runtime';
import { testLogger } from '@multimfa/service-runtime/testing';
import { z } from 'zod';
import { ServiceClient } from './service.client.js';

describe('ServiceClient', () => {
  let server: Server;
  let client: ServiceClient;
  let baseUrl: string;
  let seenCorrelationId: string | undefined;
  let seenAuthorization: string | undefined;
  const signer = new ServiceTokenSigner(
    'gateway',
    signingKeySchema.parse(generateServiceKeyPair().privateKey),
  );

  beforeAll(async () => {
    server = createServer((req, res) => {
      seenCorrelationId = req.headers['x-correlation-id'] as string | undefined;
      seenAuthorization = req.headers.authorization;
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/ok') return reply(200, [{ id: 1 }]);
      if (req.url === '/rejected')
        return reply(409, { isError: true, message: 'Please Update your Plan', data: { code: 'PLAN_FULL' } });
      if (req.url === '/throttled')
        return reply(429, {
          isError: true,
          message: 'Too many codes were requested. Please try again in an hour',
          data: { code: 'TOO_MANY_CODES', retryAfterSeconds: 1200 },
        });
      if (req.url === '/broken')
        return reply(500, { isError: true, message: 'stack trace with secrets', data: null });
      if (req.url === '/off-contract') return reply(200, [{ id: 'one' }]);
      if (req.url === '/slow') return void setTimeout(() => reply(200, []), 3000);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
    client = new ServiceClient('numbers', baseUrl, 1000, testLogger(), signer);
  });

  afterAll(async () => {
    await client.close();
    server.closeAllConnections();
    server.close();
  });

  const schema = z.array(z.object({ id: z.number() }));
  const failure = async (path: string) => {
    try {
      await client.get(path, schema);
    } catch (error) {
      assert.ok(error instanceof DomainError);
      return { status: error.status, code: error.code, message: error.message, data: error.data };
    }
    assert.fail('expected a failure');
  };

  it('returns the validated answer and forwards the correlation id', async () => {
    const data = await withCorrelationId('corr-id-12345', () => client.get('/ok', schema));
    assert.deepEqual(data, [{ id: 1 }]);
    assert.equal(seenCorrelationId, 'corr-id-12345');
  });

  it("sends the gateway's token for the service it calls, reused while it is fresh", async () => {
    await client.get('/ok', schema);
    assert.equal(seenAuthorization, `Bearer ${await signer.token('numbers')}`);
    const [, payload] = (seenAuthorization ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    assert.equal(claims.iss, 'gateway');
    assert.equal(claims.aud, 'numbers');
    assert.equal(claims.exp - claims.iat, 60);
  });

  it('passes a 4xx through with its message and code', async () => {
    assert.deepEqual(await failure('/rejected'), {
      status: 409,
      code: 'PLAN_FULL',
      message: 'Please Update your Plan',
      data: null,
    });
  });

  it("passes a 4xx's details on with its code: when a refused request may be made again", async () => {
    assert.deepEqual(await failure('/throttled'), {
      status: 429,
      code: 'TOO_MANY_CODES',
      message: 'Too many codes were requested. Please try again in an hour',
      data: { retryAfterSeconds: 1200 },
    });
  });

  it('turns a 5xx or an answer off the contract into a 502 that leaks nothing', async () => {
    for (const path of ['/broken', '/off-contract']) {
      const result = await failure(path);
      assert.equal(result.status, 502);
      assert.doesNotMatch(result.message, /secret/);
    }
  });

  it('gives up after its timeout with a 503', async () => {
    assert.equal((await failure('/slow')).status, 503);
  });

  it('logs a call its caller ended as debug, not as a failing service, and a timeout as a warning', async () => {
    const lines: Array<{ level: string; msg: string }> = [];
    const logger = createLogger('gateway', 'debug', {
      write: (line: string) => lines.push(JSON.parse(line)),
    });
    const logged = new ServiceClient('numbers', baseUrl, 1000, logger, signer);
    const caller = new AbortController();
    const ended = logged.request('GET', '/slow', schema, undefined, caller.signal);
    setTimeout(() => caller.abort(), 20);
    await assert.rejects(ended, (error) => error instanceof DomainError && error.status === 503);
    await assert.rejects(logged.get('/slow', schema), (error) => error instanceof DomainError);
    await logged.close();
    assert.deepEqual(
      lines.map(({ level, msg }) => [level, msg]),
      [
        ['debug', 'service call ended by its caller'],
        ['warn', 'service call failed'],
      ],
    );
  });

  it('reports an unreachable service as a 503', async () => {
    const down = new ServiceClient('numbers', 'http://127.0.0.1:1', 200, testLogger(), signer);
    await assert.rejects(
      down.get('/ok', schema),
      (error) => error instanceof DomainError && error.status === 503,
    );
  });
});

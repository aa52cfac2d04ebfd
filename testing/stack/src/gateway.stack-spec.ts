import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gateway } from '@multimfa/gateway/gateway';
import { numbersService } from '@multimfa/numbers/service';
import { loadConfig } from '@multimfa/service-runtime';
import {
  createTestDatabase,
  createTestServiceApp,
  dropTestDatabase,
  testGatewayCaller,
  testInfrastructure,
  testLogger,
} from '@multimfa/service-runtime/testing';
import type { INestApplication } from '@nestjs/common';

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

function startGateway(numbersUrl: string, overrides: Record<string, string> = {}) {
  const config = loadConfig(gateway.configSchema, {
    PORT: '1',
    REDIS_URL: testInfrastructure.redisUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SERVICE_SIGNING_KEY: testGatewayCaller.signingKey,
    NUMBERS_URL: numbersUrl,
    IDENTITY_URL: 'http://127.0.0.1:1',
    BILLING_URL: 'http://127.0.0.1:1',
    MESSAGING_URL: 'http://127.0.0.1:1',
    ADMIN_REPORTING_URL: 'http://127.0.0.1:1',
    PUBLIC_URL: 'http://127.0.0.1:1',
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    TRUST_PROXY_HOPS: '1',
    TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
    ...overrides,
  });
  return createTestServiceApp(gateway, config, testLogger('gateway'));
}

/** A client network (/24) per test, so rate-limit windows of different tests never mix. */
const clientNetwork = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
/** A distinct client address per test, so rate-limit windows of different tests never mix. */
const clientIp = () => `${clientNetwork()}.${randomBytes(1)[0]}`;
/** The /24 after `network` (10.a.b → 10.a.b+1, wrapping): another network, for certain. */
const nextNetwork = (network: string) =>
  network.replace(/\.(\d+)$/, (_match, last: string) => `.${(Number(last) + 1) % 256}`);

describe('gateway over the real numbers service and Redis', () => {
  const apps: INestApplication[] = [];
  let databaseUrl: string;
  let numbersUrl: string;
  let gatewayUrl: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('gateway_numbers');
    const numbersConfig = loadConfig(numbersService.configSchema, {
      PORT: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: testInfrastructure.redisUrl,
      KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
      PUBLIC_API_URL: 'http://127.0.0.1:1',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
      BOT_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      TWILIO_API_URL: 'http://127.0.0.1:1',
      ...testGatewayCaller.env,
    });
    const numbers = await createTestServiceApp(numbersService, numbersConfig, testLogger('numbers'));
    apps.push(numbers);
    numbersUrl = await listen(numbers);
    const app = await startGateway(numbersUrl);
    apps.push(app);
    gatewayUrl = await listen(app);
  });

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await dropTestDatabase(databaseUrl);
  });

  it('serves the country list from the numbers database in the documented shape', async () => {
    const response = await fetch(`${gatewayUrl}/api/plan/getMFACountries`, {
      headers: { 'x-forwarded-for': clientIp() },
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as {
      isError: boolean;
      message: string;
      data: Array<{ name: string; code: string }>;
    };
    assert.equal(body.isError, false);
    assert.equal(body.message, '');
    const unitedKingdom = body.data.find((country) => country.name === 'United Kingdom');
    assert.equal(unitedKingdom?.code, '+44');
  });

  it('sends security headers and issues the XSRF cookie', async () => {
    const response = await fetch(`${gatewayUrl}/api/auth/xsrf`, {
      headers: { 'x-forwarded-for': clientIp() },
    });
    assert.match(response.headers.get('strict-transport-security') ?? '', /max-age=31536000/);
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('x-powered-by'), null);
    assert.match(
      response.headers.get('set-cookie') ?? '',
      /^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Strict/,
    );
  });

  it('tells browsers and proxies to store no /api answer, success or error', async () => {
    const ip = clientIp();
    const answers = [
      await fetch(`${gatewayUrl}/api/plan/getMFACountries`, { headers: { 'x-forwarded-for': ip } }),
      await fetch(`${gatewayUrl}/api/auth/xsrf`, { headers: { 'x-forwarded-for': ip } }),
      await fetch(`${gatewayUrl}/api/plan/nothing`, { headers: { 'x-forwarded-for': ip } }),
      await fetch(`${gatewayUrl}/api/plan/nothing`, { method: 'POST', headers: { 'x-forwarded-for': ip } }),
    ];
    assert.deepEqual(
      answers.map((response) => response.status),
      [200, 200, 404, 403],
    );
    for (const response of answers) assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  it('refuses a state-changing call without the matching XSRF header', async () => {
    const ip = clientIp();
    const token = randomBytes(32).toString('base64url');
    const post = (headers: Record<string, string>) =>
      fetch(`${gatewayUrl}/api/plan/nothing`, {
        method: 'POST',
        headers: { 'x-forwarded-for': ip, 'content-type': 'application/json', ...headers },
        body: '{}',
      });
    const missing = await post({ cookie: `XSRF-TOKEN=${token}` });
    assert.equal(missing.status, 403);
    assert.equal(((await missing.json()) as { data: { code: string } }).data.code, 'XSRF_REJECTED');
    const wrong = await post({
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': randomBytes(32).toString('base64url'),
    });
    assert.equal(wrong.status, 403);
    const matching = await post({ cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token });
    assert.equal(matching.status, 404, 'past the XSRF check, the unknown route answers 404');
    assert.equal(((await matching.json()) as { isError: boolean }).isError, true);
  });

  it('answers a malformed JSON body with a clear 400', async () => {
    const token = randomBytes(32).toString('base64url');
    const response = await fetch(`${gatewayUrl}/api/plan/nothing`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': clientIp(),
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${token}`,
        'x-xsrf-token': token,
      },
      body: '{"emailAddress": ',
    });
    assert.equal(response.status, 400);
    expect(await response.json()).toStrictEqual({
      isError: true,
      message: 'The request body is not valid JSON',
      data: null,
    });
  });

  it('serves its OpenAPI document at /api/openapi.json, and at /api/docs to a client that asks for JSON (curl, fetch)', async () => {
    for (const path of ['/api/openapi.json', '/api/docs']) {
      const response = await fetch(`${gatewayUrl}${path}`, { headers: { 'x-forwarded-for': clientIp() } });
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/, path);
      const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
      assert.equal(document.openapi, '3.1.0');
      assert.ok(document.paths['/api/plan/getMFACountries']);
    }
  });

  it('answers a browser at /api/docs with the API reference page, under a policy of its own that loads nothing from elsewhere', async () => {
    const headers = { 'x-forwarded-for': clientIp(), accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const page = await fetch(`${gatewayUrl}/api/docs`, { headers });
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await page.text(), /<redoc spec-url="\/api\/openapi.json"/);
    const policy = page.headers.get('content-security-policy') ?? '';
    assert.match(policy, /^default-src 'none'; script-src 'self';/);
    assert.doesNotMatch(policy, /https?:|\*/, 'no other origin');
    const script = await fetch(`${gatewayUrl}/api/docs/redoc.standalone.js`, { headers });
    assert.equal(script.status, 200);
    assert.doesNotMatch(await script.text(), /cdn\.redoc\.ly/);
  });

  it('limits each client address per minute, across replicas, with Retry-After', async () => {
    const limited = await startGateway(numbersUrl, { RATE_LIMIT_PER_MINUTE: '3' });
    apps.push(limited);
    const secondReplica = await startGateway(numbersUrl, { RATE_LIMIT_PER_MINUTE: '3' });
    apps.push(secondReplica);
    const urls = [await listen(limited), await listen(secondReplica)];
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${urls[i % 2]}/api/auth/xsrf`, { headers: { 'x-forwarded-for': ip } });
      statuses.push(response.status);
      if (response.status === 429) {
        assert.ok(Number(response.headers.get('retry-after')) > 0);
        assert.match(((await response.json()) as { message: string }).message, /^Too many requests/);
      }
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const other = await fetch(`${urls[0]}/api/auth/xsrf`, {
      headers: { 'x-forwarded-for': `${nextNetwork(ip.replace(/\.\d+$/, ''))}.1` },
    });
    assert.equal(other.status, 200);
  });

  it('counts the rate limit per client network: addresses of one /24 share a window, another /24 has its own', async () => {
    const limited = await startGateway(numbersUrl, { RATE_LIMIT_PER_MINUTE: '3' });
    apps.push(limited);
    const url = await listen(limited);
    const network = clientNetwork();
    const call = (ip: string) => fetch(`${url}/api/auth/xsrf`, { headers: { 'x-forwarded-for': ip } });
    const shared = [];
    for (const host of [1, 2, 3, 4]) shared.push(await call(`${network}.${host}`));
    assert.deepEqual(
      shared.map((response) => response.status),
      [200, 200, 200, 429],
    );
    assert.deepEqual(
      shared.slice(0, 3).map((response) => response.headers.get('ratelimit-remaining')),
      ['2', '1', '0'],
    );
    const neighbour = await call(`${nextNetwork(network)}.4`);
    assert.equal(neighbour.status, 200);
    assert.equal(neighbour.headers.get('ratelimit-remaining'), '2');
  });

  it('limits the providers\u2019 webhooks in a window of their own: a flood there leaves the API\u2019s window alone and goes over its own into 429', async () => {
    const limited = await startGateway(numbersUrl, {
      RATE_LIMIT_PER_MINUTE: '3',
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '5',
    });
    apps.push(limited);
    const url = await listen(limited);
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${url}/api/webhooks/twilio/sms`, {
        method: 'POST',
        headers: { 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'MessageSid=SM1&From=%2B15550000001&To=%2B15550000002&Body=hello',
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toMatchObject({ isError: true, data: { code: 'RATE_LIMITED' } });
      }
    }
    // Unsigned: refused by the signature check, but each one counted first.
    assert.deepEqual(statuses, [403, 403, 403, 403, 403, 429]);
    const api = await fetch(`${url}/api/auth/xsrf`, { headers: { 'x-forwarded-for': ip } });
    assert.equal(api.status, 200);
    assert.equal(
      api.headers.get('ratelimit-remaining'),
      '2',
      'the webhooks took nothing from the API window',
    );
  });

  it('answers 503 in the error shape when the numbers service is down', async () => {
    const app = await startGateway('http://127.0.0.1:1', { SERVICE_TIMEOUT_MS: '500' });
    apps.push(app);
    const response = await fetch(`${await listen(app)}/api/plan/getMFACountries`, {
      headers: { 'x-forwarded-for': clientIp() },
    });
    assert.equal(response.status, 503);
    expect(await response.json()).toStrictEqual({
      isError: true,
      message: 'The service is temporarily unavailable, please try again',
      data: { code: 'SERVICE_UNAVAILABLE' },
    });
  });
});

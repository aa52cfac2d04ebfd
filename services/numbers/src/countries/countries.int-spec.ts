import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ServiceTestAppWithoutKafka, startServiceTestApp } from '@multimfa/event-bus/testing';
import { Metrics, metricsPort, serveMetrics } from '@multimfa/service-runtime';
import { testGatewayCaller } from '@multimfa/service-runtime/testing';
import { numbersService } from '../service.definition.js';

describe('numbers service: countries (real PostgreSQL, Redis, Kafka)', () => {
  let numbers: ServiceTestAppWithoutKafka;
  let app: ServiceTestAppWithoutKafka['app'];
  let baseUrl: string;
  let metricsServer: Server | undefined;
  const asGateway = async () => ({ headers: await testGatewayCaller.headers('numbers') });

  beforeAll(async () => {
    numbers = await startServiceTestApp(numbersService, {
      database: 'numbers',
      kafka: false,
      settings: {
        PUBLIC_API_URL: 'http://127.0.0.1:1',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
        TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
        BOT_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        TWILIO_API_URL: 'http://127.0.0.1:1',
      },
    });
    ({ app, baseUrl } = numbers);
  });

  afterAll(async () => {
    metricsServer?.close();
    await numbers?.close();
  });

  it('serves the country list seeded by its migration, alphabetically', async () => {
    const response = await fetch(`${baseUrl}/countries`, await asGateway());
    assert.equal(response.status, 200);
    const countries = (await response.json()) as Array<{
      multiMFACountryId: number;
      name: string;
      code: string;
      isoCode: string;
    }>;
    assert.ok(countries.length >= 20);
    assert.deepEqual(
      countries.map((c) => c.name),
      countries.map((c) => c.name).toSorted((a, b) => a.localeCompare(b)),
    );
    const unitedKingdom = countries.find((c) => c.isoCode === 'GB');
    assert.equal(unitedKingdom?.name, 'United Kingdom');
    assert.equal(unitedKingdom?.code, '+44');
    assert.equal(typeof unitedKingdom?.multiMFACountryId, 'number');
    assert.equal(countries.find((c) => c.isoCode === 'US')?.code, '+1');
  });

  it('reports ready with its database, Redis and Kafka up', async () => {
    const response = await fetch(`${baseUrl}/health/ready`);
    const report = (await response.json()) as { status: string; details: Record<string, { status: string }> };
    assert.equal(report.status, 'ok');
    assert.deepEqual(
      Object.fromEntries(Object.entries(report.details).map(([name, check]) => [name, check.status])),
      { process: 'up', database: 'up', redis: 'up', kafka: 'up' },
    );
    assert.equal(response.status, 200);
  });

  it('refuses a caller without the gateway token with 401 in the error shape', async () => {
    const response = await fetch(`${baseUrl}/countries`);
    assert.equal(response.status, 401);
    expect(await response.json()).toStrictEqual({
      isError: true,
      message: 'The caller could not be identified',
      data: { code: 'CALLER_UNKNOWN' },
    });
  });

  it('exposes Prometheus metrics including its HTTP timings on the metrics port, not the API port', async () => {
    await fetch(`${baseUrl}/countries`, await asGateway());
    metricsServer = await serveMetrics(app.get(Metrics), '127.0.0.1', 0);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort(metricsServer)}/metrics`)).text();
    assert.match(text, /http_request_duration_seconds_count\{[^}]*route="\/countries"[^}]*\} \d+/);
    assert.match(text, /process_cpu_user_seconds_total\{service="numbers"\}/);
    assert.equal((await fetch(`${baseUrl}/metrics`, await asGateway())).status, 404);
  });

  it('answers an unknown route with a 404 in the error shape and echoes the correlation id', async () => {
    const response = await fetch(`${baseUrl}/nothing-here`, {
      headers: { 'x-correlation-id': 'test-corr-0001', ...(await asGateway()).headers },
    });
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('x-correlation-id'), 'test-corr-0001');
    expect(await response.json()).toStrictEqual({
      isError: true,
      message: 'Cannot GET /nothing-here',
      data: null,
    });
  });
});

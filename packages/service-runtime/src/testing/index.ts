import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import pg from 'pg';
import type { z } from 'zod';
import { generateServiceKeyPair, signingKeySchema } from '../callers/service-keys.config.js';
import { ServiceTokenSigner } from '../callers/service-token.service.js';
import type { ProcessConfig } from '../config/env.config.js';
import { ensureDatabase } from '../database/ensure-database.client.js';
import { createHttpAdapter } from '../http/http.adapter.js';
import { createLogger, type Logger } from '../logging/logger.factory.js';
import { type ServiceDefinition, setUpServiceApp } from '../service-app.factory.js';

/**
 * Where integration tests find the real infrastructure. `npm test` sets these (its own database
 * prefix, Redis database and topic prefix per run); the defaults suit a developer's machine.
 */
export const testInfrastructure = {
  postgresUrl: process.env.MMFA_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
  databasePrefix: process.env.MMFA_TEST_DATABASE_PREFIX ?? 'mmfa_it_local',
  redisUrl: process.env.MMFA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3',
  kafkaBrokers: (process.env.MMFA_TEST_KAFKA_BROKERS ?? '127.0.0.1:24092').split(','),
  topicPrefix: process.env.MMFA_TEST_TOPIC_PREFIX ?? 'it-local.',
};

/** A fresh, empty database of its own for one test file; drop it with `dropTestDatabase`. */
export async function createTestDatabase(purpose: string): Promise<string> {
  const name = `${testInfrastructure.databasePrefix}_${purpose.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`;
  const url = `${testInfrastructure.postgresUrl}/${name}`;
  await ensureDatabase(url);
  return url;
}

export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: `${testInfrastructure.postgresUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A logger for tests: quiet unless TEST_LOG_LEVEL asks otherwise. */
export function testLogger(service = 'test'): Logger {
  return createLogger(service, process.env.TEST_LOG_LEVEL ?? 'silent');
}

/**
 * The test run's own gateway key pair: services under test trust it (`env`), and tests call them as
 * the gateway would (`headers(audience)`), or hand `signingKey` to a gateway under test.
 */
export const testGatewayCaller = (() => {
  const pair = generateServiceKeyPair();
  const signer = new ServiceTokenSigner('gateway', signingKeySchema.parse(pair.privateKey));
  return {
    signingKey: pair.privateKey,
    env: { TRUSTED_CALLERS: `gateway=${pair.publicKey}` },
    headers: async (audience: string) => ({ authorization: `Bearer ${await signer.token(audience)}` }),
  };
})();

/**
 * A service's app as a test builds it: its root module compiled by @nestjs/testing's
 * Test.createTestingModule, then set up as createServiceApp sets it up in production; does not listen.
 */
export async function createTestServiceApp<S extends z.ZodType<ProcessConfig>>(
  definition: ServiceDefinition<S>,
  config: z.output<S>,
  logger: Logger,
): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [definition.appModule(config, logger)],
  }).compile();
  const http = createHttpAdapter(definition.http?.(config));
  const app = moduleRef.createNestApplication(http.adapter, {
    bufferLogs: true,
    bodyParser: definition.bodyParser ?? true,
  });
  await setUpServiceApp(app, definition, config, logger, http.routeOf);
  return app;
}

/**
 * Asks `check` every 50 ms until it answers something other than undefined (what happens away from
 * the test: a consumer applying an event, a worker sending), and answers that; fails naming `what`
 * after `timeoutMs`.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export { TcpProxy } from './tcp.proxy.js';

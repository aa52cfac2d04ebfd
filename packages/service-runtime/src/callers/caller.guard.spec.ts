import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, type INestApplication, Module } from '@nestjs/common';
import { loadConfig, serviceEnvSchema } from '../config/env.config.js';
import { createServiceApp, type ServiceDefinition } from '../service-app.factory.js';
import { ServiceRuntimeModule } from '../service-runtime.module.js';
import { testLogger } from '../testing/index.js';
import { generateServiceKeyPair, signingKeySchema } from './service-keys.config.js';
import { ServiceTokenSigner } from './service-token.service.js';

@Controller('users')
class UsersController {
  @Get()
  list() {
    return [{ userId: 'u1' }];
  }
}

@Module({ controllers: [UsersController] })
class UsersModule {}

const identity: ServiceDefinition<typeof serviceEnvSchema> = {
  name: 'identity',
  configSchema: serviceEnvSchema,
  appModule: (_config, logger) => ({
    module: UsersModule,
    imports: [ServiceRuntimeModule.forRoot({ service: 'identity', logger })],
  }),
};

const signer = (caller: string, privateKey: string, now: () => number = Date.now) =>
  new ServiceTokenSigner(caller, signingKeySchema.parse(privateKey), now);

describe('CallerGuard: a service answers only the callers it trusts', () => {
  const gatewayKeys = generateServiceKeyPair();
  const billingKeys = generateServiceKeyPair();
  const gateway = signer('gateway', gatewayKeys.privateKey);
  let app: INestApplication;
  let baseUrl: string;

  beforeAll(async () => {
    const config = loadConfig(serviceEnvSchema, {
      PORT: '1',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      REDIS_URL: 'redis://127.0.0.1:1',
      KAFKA_BROKERS: '127.0.0.1:1',
      TRUSTED_CALLERS: `gateway=${gatewayKeys.publicKey},billing=${billingKeys.publicKey}`,
    });
    app = await createServiceApp(identity, config, testLogger('identity'));
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  const call = async (authorization?: string) => {
    const response = await fetch(`${baseUrl}/users`, { headers: authorization ? { authorization } : {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const refused = {
    status: 401,
    body: { isError: true, message: 'The caller could not be identified', data: { code: 'CALLER_UNKNOWN' } },
  };

  it("answers a trusted caller's fresh token for this service", async () => {
    expect(await call(`Bearer ${await gateway.token('identity')}`)).toStrictEqual({
      status: 200,
      body: [{ userId: 'u1' }] as unknown as Record<string, unknown>,
    });
    assert.equal(
      (await call(`Bearer ${await signer('billing', billingKeys.privateKey).token('identity')}`)).status,
      200,
    );
  });

  it('refuses a call without a token, or with something else in Authorization', async () => {
    expect(await call()).toStrictEqual(refused);
    expect(await call('Basic Z2F0ZXdheTpnYXRld2F5')).toStrictEqual(refused);
    expect(await call('Bearer not-a-token')).toStrictEqual(refused);
  });

  it('refuses an expired token', async () => {
    const twoMinutesAgo = signer('gateway', gatewayKeys.privateKey, () => Date.now() - 120_000);
    expect(await call(`Bearer ${await twoMinutesAgo.token('identity')}`)).toStrictEqual(refused);
  });

  it('refuses a token made for another service', async () => {
    expect(await call(`Bearer ${await gateway.token('billing')}`)).toStrictEqual(refused);
  });

  it('refuses a token signed by a key it does not know, even when it claims to be the gateway', async () => {
    const impostor = signer('gateway', generateServiceKeyPair().privateKey);
    expect(await call(`Bearer ${await impostor.token('identity')}`)).toStrictEqual(refused);
    const stranger = signer('admin-tool', generateServiceKeyPair().privateKey);
    expect(await call(`Bearer ${await stranger.token('identity')}`)).toStrictEqual(refused);
  });

  it("refuses a caller that signs with its own key but names another caller's", async () => {
    const billingAsGateway = signer('gateway', billingKeys.privateKey);
    expect(await call(`Bearer ${await billingAsGateway.token('identity')}`)).toStrictEqual(refused);
  });

  it('refuses a valid token whose claims or algorithm were altered', async () => {
    const [header, payload, signature] = (await gateway.token('billing')).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const retargeted = Buffer.from(JSON.stringify({ ...claims, aud: 'identity' })).toString('base64url');
    expect(await call(`Bearer ${header}.${retargeted}.${signature}`)).toStrictEqual(refused);
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', kid: 'gateway' })).toString('base64url');
    const identityClaims = Buffer.from(JSON.stringify({ ...claims, aud: 'identity' })).toString('base64url');
    expect(await call(`Bearer ${unsigned}.${identityClaims}.`)).toStrictEqual(refused);
  });

  it('leaves the health probes open', async () => {
    assert.equal((await fetch(`${baseUrl}/health/live`)).status, 200);
  });
});

import { type Logger, ServiceTokenSigner } from '@multimfa/service-runtime';
import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { ServiceClient } from './service.client.js';

export const NUMBERS = Symbol('NUMBERS_SERVICE');
export const IDENTITY = Symbol('IDENTITY_SERVICE');
export const BILLING = Symbol('BILLING_SERVICE');
export const MESSAGING = Symbol('MESSAGING_SERVICE');
export const ADMIN_REPORTING = Symbol('ADMIN_REPORTING_SERVICE');

/** One client per internal service, each with the configured timeout, all signing as the gateway. */
@Global()
@Module({})
export class UpstreamModule implements OnApplicationShutdown {
  constructor(
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(BILLING) private readonly billing: ServiceClient,
    @Inject(MESSAGING) private readonly messaging: ServiceClient,
    @Inject(ADMIN_REPORTING) private readonly adminReporting: ServiceClient,
  ) {}

  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    const signer = new ServiceTokenSigner('gateway', config.SERVICE_SIGNING_KEY);
    const client = (service: string, url: string) =>
      new ServiceClient(service, url, config.SERVICE_TIMEOUT_MS, logger, signer);
    return {
      module: UpstreamModule,
      providers: [
        { provide: NUMBERS, useValue: client('numbers', config.NUMBERS_URL) },
        { provide: IDENTITY, useValue: client('identity', config.IDENTITY_URL) },
        { provide: BILLING, useValue: client('billing', config.BILLING_URL) },
        { provide: MESSAGING, useValue: client('messaging', config.MESSAGING_URL) },
        { provide: ADMIN_REPORTING, useValue: client('admin-reporting', config.ADMIN_REPORTING_URL) },
      ],
      exports: [NUMBERS, IDENTITY, BILLING, MESSAGING, ADMIN_REPORTING],
    };
  }

  async onApplicationShutdown() {
    await Promise.all([
      this.numbers.close(),
      this.identity.close(),
      this.billing.close(),
      this.messaging.close(),
      this.adminReporting.close(),
    ]);
  }
}

import type { Logger } from '@multimfa/service-runtime';
import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { ServiceClient } from './service-client.js';

export const NUMBERS = Symbol('NUMBERS_SERVICE');

/** One client per internal service, each with the configured timeout. */
@Global()
@Module({})
export class UpstreamModule implements OnApplicationShutdown {
  constructor(@Inject(NUMBERS) private readonly numbers: ServiceClient) {}

  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: UpstreamModule,
      providers: [
        {
          provide: NUMBERS,
          useValue: new ServiceClient('numbers', config.NUMBERS_URL, config.SERVICE_TIMEOUT_MS, logger),
        },
      ],
      exports: [NUMBERS],
    };
  }

  async onApplicationShutdown() {
    await this.numbers.close();
  }
}

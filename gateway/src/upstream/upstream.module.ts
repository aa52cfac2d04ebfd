import type { Logger } from '@multimfa/service-runtime';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { ServiceClient } from './service-client.js';

export const NUMBERS = Symbol('NUMBERS_SERVICE');

/** One client per internal service, each with the configured timeout. */
@Global()
@Module({})
export class UpstreamModule {
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
}

import type { ServiceDefinition } from '@multimfa/service-runtime';
import { AppModule } from './app.module.js';
import { gatewayConfigSchema } from './config/gateway.config.js';
import { configureHttp } from './http/configure-http.setup.js';

export const gateway: ServiceDefinition<typeof gatewayConfigSchema> = {
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  appModule: (config, logger) => AppModule.forRoot(config, logger),
  httpAdapter: 'express',
  configure: configureHttp,
};

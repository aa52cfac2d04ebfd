import { startEventHandlers } from '@multimfa/event-bus';
import type { ServiceDefinition } from '@multimfa/service-runtime';
import { AppModule } from './app.module.js';
import { numbersConfigSchema } from './config/numbers.config.js';

export const numbersService: ServiceDefinition<typeof numbersConfigSchema> = {
  name: 'numbers',
  configSchema: numbersConfigSchema,
  appModule: (config, logger) => AppModule.forRoot(config, logger),
  configure: (app) => startEventHandlers(app),
};

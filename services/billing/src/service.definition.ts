import { startEventHandlers } from '@multimfa/event-bus';
import type { ServiceDefinition } from '@multimfa/service-runtime';
import { AppModule } from './app.module.js';
import { billingConfigSchema } from './config/billing.config.js';

export const billingService: ServiceDefinition<typeof billingConfigSchema> = {
  name: 'billing',
  configSchema: billingConfigSchema,
  appModule: (config, logger) => AppModule.forRoot(config, logger),
  configure: (app) => startEventHandlers(app),
};

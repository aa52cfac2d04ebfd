import { startEventHandlers } from '@multimfa/event-bus';
import type { ServiceDefinition } from '@multimfa/service-runtime';
import { AppModule } from './app.module.js';
import { messagingConfigSchema } from './config/messaging.config.js';

export const messagingService: ServiceDefinition<typeof messagingConfigSchema> = {
  name: 'messaging',
  configSchema: messagingConfigSchema,
  appModule: (config, logger) => AppModule.forRoot(config, logger),
  configure: (app) => startEventHandlers(app),
};

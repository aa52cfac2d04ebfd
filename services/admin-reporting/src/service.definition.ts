import { startEventHandlers } from '@multimfa/event-bus';
import type { ServiceDefinition } from '@multimfa/service-runtime';
import { AppModule } from './app.module.js';
import { adminReportingConfigSchema } from './config/admin-reporting.config.js';

export const adminReportingService: ServiceDefinition<typeof adminReportingConfigSchema> = {
  name: 'admin-reporting',
  configSchema: adminReportingConfigSchema,
  appModule: (config, logger) => AppModule.forRoot(config, logger),
  configure: (app) => startEventHandlers(app),
};

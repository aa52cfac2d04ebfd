import type { ServiceDefinition } from '@multimfa/service-runtime';
import { AppModule } from './app.module.js';
import { identityConfigSchema } from './config/identity.config.js';

export const identityService: ServiceDefinition<typeof identityConfigSchema> = {
  name: 'identity',
  configSchema: identityConfigSchema,
  appModule: (config, logger) => AppModule.forRoot(config, logger),
};

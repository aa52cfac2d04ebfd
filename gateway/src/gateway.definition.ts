import type { ServiceDefinition } from '@multimfa/service-runtime';
import { AppModule } from './app.module.js';
import { gatewayConfigSchema } from './config/gateway.config.js';
import { configureHttp } from './http/configure-http.setup.js';

export const gateway: ServiceDefinition<typeof gatewayConfigSchema> = {
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  appModule: (config, logger) => AppModule.forRoot(config, logger),
  // Behind TRUST_PROXY_HOPS proxies, the client's address is the one they name.
  http: (config) => ({ trustProxy: config.TRUST_PROXY_HOPS }),
  // The gateway parses bodies itself: its webhooks keep theirs as sent (body-parsers.setup.ts).
  bodyParser: false,
  configure: configureHttp,
};

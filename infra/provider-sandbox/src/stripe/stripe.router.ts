import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import type { SandboxConfig } from '../config/sandbox-config.js';
import { type HeldRequests, injectFaults } from '../faults/fault.middleware.js';
import type { FaultStore } from '../faults/fault.store.js';
import type { Background } from '../shared/background.js';
import { FormBodyError } from '../shared/form-body.js';
import type { Logger } from '../shared/logger.js';
import type { WebhookDispatcher } from '../shared/webhook-dispatcher.js';
import { customerRoutes } from './customers.routes.js';
import { chargeAndEventRoutes, paymentIntentRoutes } from './payment-intents.routes.js';
import { PaymentIntentsService } from './payment-intents.service.js';
import { paymentMethodRoutes } from './payment-methods.routes.js';
import { PaymentMethodsService } from './payment-methods.service.js';
import { refundRoutes } from './refunds.routes.js';
import { StripeStore } from './stripe.store.js';
import { stripeAuthentication, stripeHandler } from './stripe-endpoint.js';
import { faultBody, StripeApiError, stripeErrors } from './stripe-error.js';
import { StripeEvents } from './stripe-events.js';
import { threeDSecureRouter } from './three-d-secure.router.js';

export interface StripeDeps {
  config: SandboxConfig['stripe'];
  publicUrl: () => string;
  faults: FaultStore;
  held: HeldRequests;
  background: Background;
  dispatcher: WebhookDispatcher;
  logger: Logger;
}

export interface StripeSandbox {
  router: Router;
  store: StripeStore;
}

/** Stripe.js calls the API from the browser with a publishable key: the API answers any origin. */
const cors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'Request-Id, Stripe-Version, Idempotency-Key');
  if (req.method !== 'OPTIONS') return next();
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE');
  res.setHeader(
    'Access-Control-Allow-Headers',
    'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
  );
  res.setHeader('Access-Control-Max-Age', '600');
  res.status(204).end();
};

/** The Stripe API under /v1 (as stripe-node calls it) and the 3-D Secure page. */
export function createStripeSandbox(deps: StripeDeps): StripeSandbox {
  const { config, logger } = deps;
  const store = new StripeStore();
  const events = new StripeEvents(store, config, deps.dispatcher, deps.background);
  const paymentMethods = new PaymentMethodsService(store, events);
  const paymentIntents = new PaymentIntentsService(store, paymentMethods, events, deps.publicUrl);

  const api = express.Router();
  api.use(cors);
  api.use(
    injectFaults({
      provider: 'stripe',
      faults: deps.faults,
      held: deps.held,
      background: deps.background,
      logger,
      respond: (res, status) => res.status(status).json(faultBody(status)),
    }),
  );
  api.use(express.text({ type: () => true, limit: '1mb' }));
  api.use(stripeAuthentication(config));
  const routes = [
    ...customerRoutes({ store, paymentMethods, events }),
    ...paymentMethodRoutes({ store, paymentMethods }),
    ...paymentIntentRoutes({ store, paymentIntents }),
    ...refundRoutes({ store, events }),
    ...chargeAndEventRoutes(store),
  ];
  for (const route of routes) {
    api[route.method](route.path.replace(/^\/v1/, ''), stripeHandler(route.endpoint, store));
  }
  api.use((req) => {
    throw stripeErrors.unrecognizedUrl(req.method, req.originalUrl.split('?')[0] ?? '');
  });

  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof StripeApiError) {
      res.status(error.status).json({ error: error.body });
    } else if (error instanceof FormBodyError) {
      res
        .status(400)
        .json({ error: stripeErrors.invalidRequest(error.message, { param: error.param }).body });
    } else if ((error as { type?: string }).type === 'entity.too.large') {
      res.status(413).json({ error: stripeErrors.invalidRequest('Request body too large.').body });
    } else {
      logger.error({ err: error }, 'stripe sandbox failed');
      res.status(500).json({ error: stripeErrors.api().body });
    }
  };
  api.use(errors);

  const router = express.Router();
  router.use('/v1', api);
  router.use(threeDSecureRouter(paymentIntents));
  return { router, store };
}

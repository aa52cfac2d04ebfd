import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import type { SandboxConfig } from '../config/sandbox-config.js';
import { type HeldRequests, injectFaults } from '../faults/fault.middleware.js';
import type { FaultStore } from '../faults/fault.store.js';
import type { InboxStore } from '../inbox-store/inbox.store.js';
import type { Background } from '../shared/background.js';
import type { Logger } from '../shared/logger.js';
import { secureEqual } from '../shared/secure-compare.js';
import type { WebhookDispatcher } from '../shared/webhook-dispatcher.js';
import { EventWebhookBatcher } from './event-webhook-batcher.js';
import { EventWebhookSigner } from './event-webhook-signer.js';
import { MailSendService } from './mail-send.service.js';
import { validateMailSend } from './mail-send.validator.js';
import { SendgridStore } from './sendgrid.store.js';
import { faultError, SendgridApiError, sendgridErrors } from './sendgrid-error.js';

export interface SendgridDeps {
  config: SandboxConfig['sendgrid'];
  callbackDelayMs: number;
  inbox: InboxStore;
  faults: FaultStore;
  held: HeldRequests;
  background: Background;
  dispatcher: WebhookDispatcher;
  logger: Logger;
}

export interface SendgridSandbox {
  router: Router;
  store: SendgridStore;
  signer: EventWebhookSigner;
}

/** `Authorization: Bearer <SENDGRID_API_KEY>`. */
function sendgridAuthentication(apiKey: string): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('authorization');
    if (!header) throw sendgridErrors.authorizationRequired();
    const key = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
    if (!secureEqual(key, apiKey)) throw sendgridErrors.invalidKey();
    next();
  };
}

/** The SendGrid v3 API: mail send, and the signed event webhook's public key. */
export function createSendgridSandbox(deps: SendgridDeps): SendgridSandbox {
  const { config, logger } = deps;
  const store = new SendgridStore();
  const signer = new EventWebhookSigner(config.eventWebhookPrivateKeyPem);
  const events = new EventWebhookBatcher(
    config.eventWebhookUrl,
    config.eventBatchMs,
    signer,
    deps.dispatcher,
    deps.background,
  );
  const mail = new MailSendService(store, deps.inbox, events, deps.background, deps.callbackDelayMs);

  const api = express.Router();
  api.use(
    injectFaults({
      provider: 'sendgrid',
      faults: deps.faults,
      held: deps.held,
      background: deps.background,
      logger,
      respond: (res, status) => res.status(status).json(faultError(status).toJSON()),
    }),
  );
  api.use(sendgridAuthentication(config.apiKey));
  // SendGrid accepts up to 30 MB per request, attachments included.
  api.use(express.json({ limit: '30mb', type: () => true }));

  api.post('/mail/send', (req, res) => {
    const messageId = mail.send(validateMailSend(req.body));
    res.setHeader('X-Message-Id', messageId);
    const sandboxMode = req.body?.mail_settings?.sandbox_mode?.enable === true;
    res.status(sandboxMode ? 200 : 202).end();
  });

  api.get('/user/webhooks/event/settings/signed', (_req, res) => {
    res.json({ public_key: signer.publicKey });
  });

  api.use(() => {
    throw sendgridErrors.notFound();
  });
  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof SendgridApiError) {
      res.status(error.status).json(error.toJSON());
    } else if ((error as { type?: string }).type === 'entity.parse.failed') {
      res.status(400).json(sendgridErrors.badRequest().toJSON());
    } else if ((error as { type?: string }).type === 'entity.too.large') {
      res.status(413).json({ errors: [{ message: 'Request Entity Too Large', field: null, help: null }] });
    } else {
      logger.error({ err: error }, 'sendgrid sandbox failed');
      res.status(500).json(sendgridErrors.internal().toJSON());
    }
  };
  api.use(errors);

  const router = express.Router();
  router.use('/v3', api);
  return { router, store, signer };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { SandboxConfig } from './config/sandbox-config.js';
import { demoSignInRouter } from './demo-sign-in/demo-sign-in.router.js';
import { HeldRequests } from './faults/fault.middleware.js';
import { FaultStore } from './faults/fault.store.js';
import { faultsRouter } from './faults/faults.router.js';
import { createGoogleSandbox } from './google/google.router.js';
import { DEMO_IDENTITIES } from './google/google-identity.js';
import { inboxRouter, LiveStreams } from './inbox/inbox.router.js';
import { sandboxApiRouter } from './inbox/sandbox-api.router.js';
import { InboxStore } from './inbox-store/inbox.store.js';
import { createSendgridSandbox } from './sendgrid/sendgrid.router.js';
import { Background } from './shared/background.js';
import { createLogger, type Logger } from './shared/logger.js';
import { asset, STYLESHEET_PATH } from './shared/page.js';
import { SANDBOX_CSS } from './shared/sandbox-styles.js';
import { WebhookDispatcher } from './shared/webhook-dispatcher.js';
import { slackRouter } from './slack/slack.router.js';
import { StateFile } from './state/state-file.js';
import { createStripeSandbox } from './stripe/stripe.router.js';
import { TEST_CARDS } from './stripe/test-cards.js';
import { MAGIC_RECIPIENTS } from './twilio/magic-numbers.js';
import { createTwilioSandbox } from './twilio/twilio.router.js';
import { webhookReceiverRouter } from './webhook-receiver/webhook-receiver.router.js';

export type { SandboxConfig, SandboxSettings } from './config/sandbox-config.js';
export { loadSandboxSettings, SandboxConfigError } from './config/sandbox-config.js';
export { SandboxStateError } from './state/state-file.js';

export interface Sandbox {
  /** The base URL (SANDBOX_PUBLIC_URL, or the address it listens on); known once listening. */
  readonly url: string;
  readonly app: Express;
  /** What the sandbox carried, for in-process tests (the HTTP client sees the same through /_sandbox). */
  readonly inbox: InboxStore;
  readonly faults: FaultStore;
  /** Starts listening; resolves with the base URL. Port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<string>;
  /**
   * Stops: no new connections, live streams and held requests ended, pending webhooks cancelled, and
   * the state file (SANDBOX_STATE_FILE) written a last time.
   */
  close(): Promise<void>;
}

const QUIET_PATHS = /^\/(assets\/|health\/|inbox\/events)/;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CLOSE_GRACE_MS = 3_000;

/** One JSON line per request: method, path without the query (it may carry secrets), status, time. */
function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const path = req.originalUrl.split('?')[0];
      const fields = {
        method: req.method,
        path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
      };
      if (QUIET_PATHS.test(path ?? '')) logger.debug(fields, 'request');
      else logger.info(fields, 'request');
    });
    next();
  };
}

/**
 * The provider sandbox: Stripe, Twilio, SendGrid and Google on one HTTP server, the inbox page, and the
 * /_sandbox control API. Without a state file every start is a fresh account; with one
 * (`config.stateFile`), the Stripe and Twilio accounts and the inbox are read from it here and written
 * back while they change, so a restart keeps them. Throws SandboxStateError when that file is unusable.
 */
export function createSandbox(config: SandboxConfig, options: { logger?: Logger } = {}): Sandbox {
  const logger = options.logger ?? createLogger(config.logLevel);
  const background = new Background(logger);
  const dispatcher = new WebhookDispatcher(background, logger);
  const faults = new FaultStore();
  const held = new HeldRequests();
  const inbox = new InboxStore();
  const streams = new LiveStreams();

  let server: Server | undefined;
  let listenUrl: string | undefined;
  let ready = false;
  const publicUrl = () => {
    const url = config.publicUrl ?? listenUrl;
    if (!url) throw new Error('The sandbox is not listening yet');
    return url;
  };

  const shared = { faults, held, background, dispatcher, logger };
  const stripe = createStripeSandbox({ ...shared, config: config.stripe, publicUrl });
  const twilio = createTwilioSandbox({
    ...shared,
    config: config.twilio,
    callbackDelayMs: config.callbackDelayMs,
    inbox,
  });
  const sendgrid = createSendgridSandbox({
    ...shared,
    config: config.sendgrid,
    callbackDelayMs: config.callbackDelayMs,
    inbox,
  });
  const google = createGoogleSandbox({ ...shared, config: config.google, publicUrl });

  // What a restart must keep: the accounts the product's databases refer to (customers, cards,
  // payments; numbers and their SmsUrl, messages) and the inbox. Not SendGrid's sends (nothing reads
  // them back), Google's sign-in codes and tokens (short-lived), or faults.
  const state = config.stateFile
    ? new StateFile(config.stateFile, { stripe: stripe.store, twilio: twilio.store, inbox }, logger)
    : undefined;
  if (state) {
    const savedAt = state.load();
    logger.info(
      { stateFile: state.path, savedAt: savedAt ?? null },
      savedAt
        ? 'provider accounts restored from the state file'
        : 'no state file yet: fresh provider accounts',
    );
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLog(logger));
  if (state) {
    // Every change to the accounts comes through a request that is not a read; the inbox also changes
    // afterwards (delivery steps), which it reports.
    inbox.subscribe(() => state.changed());
    app.use((req, res, next) => {
      if (!READ_ONLY_METHODS.has(req.method)) res.on('finish', () => state.changed());
      next();
    });
  }

  app.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/health/ready', (_req, res) => {
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready' });
  });
  app.get(STYLESHEET_PATH, asset('css', SANDBOX_CSS));

  app.use('/_sandbox/faults', faultsRouter(faults));
  app.get('/_sandbox/info', (_req, res) => {
    res.json({
      url: publicUrl(),
      pid: process.pid,
      stateFile: config.stateFile ?? null,
      stripe: {
        publishableKey: config.stripe.publishableKey,
        webhookUrl: config.stripe.webhookUrl ?? null,
        testCards: TEST_CARDS.map(({ number, brand, description, token }) => ({
          number,
          brand,
          description,
          token,
        })),
      },
      twilio: {
        accountSid: config.twilio.accountSid,
        phoneNumbers: [...twilio.store.numbers.values()].map((number) => number.phone_number),
        inboundWebhookUrl: config.twilio.inboundWebhookUrl ?? null,
        magicRecipients: Object.fromEntries(
          Object.entries(MAGIC_RECIPIENTS).map(([number, fate]) => [number, fate.description]),
        ),
      },
      sendgrid: {
        eventWebhookUrl: config.sendgrid.eventWebhookUrl ?? null,
        eventWebhookPublicKey: sendgrid.signer.publicKey,
        bounces: 'recipients whose address starts with "bounce"',
      },
      google: {
        clientId: config.google.clientId,
        issuer: config.google.issuer,
        jwksUri: `${publicUrl()}/oauth2/v3/certs`,
        identities: DEMO_IDENTITIES,
      },
    });
  });
  app.use('/_sandbox', sandboxApiRouter({ inbox, faults, messages: twilio.messages, background }));

  // Google first: its /v1/userinfo sits beside Stripe's /v1 API.
  app.use(google.router);
  app.use(stripe.router);
  app.use(twilio.router);
  app.use(sendgrid.router);
  app.use(slackRouter({ ...shared, inbox }));
  app.use(webhookReceiverRouter({ ...shared, inbox }));
  app.use(inboxRouter({ inbox, messages: twilio.messages, twilio: twilio.store, streams }));
  app.use(demoSignInRouter({ messages: twilio.messages }));

  app.use((req, res) => {
    res.status(404).json({ error: `Nothing at ${req.method} ${req.originalUrl.split('?')[0]}` });
  });
  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: (error as Error).message });
      return;
    }
    logger.error({ err: error }, 'request failed');
    res.status(500).json({ error: 'Internal error in the provider sandbox (see its log)' });
  };
  app.use(errors);

  return {
    app,
    inbox,
    faults,
    get url() {
      return publicUrl();
    },
    async listen(port = 0, host = '127.0.0.1') {
      if (server) throw new Error('The sandbox is already listening');
      const created = createServer(app);
      server = created;
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject);
        created.listen(port, host, () => {
          created.off('error', reject);
          resolve();
        });
      });
      const { port: actual } = created.address() as AddressInfo;
      const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      listenUrl = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${actual}`;
      ready = true;
      return publicUrl();
    },
    async close() {
      ready = false;
      const current = server;
      server = undefined;
      const closed = current
        ? new Promise<void>((resolve) => current.close(() => resolve()))
        : Promise.resolve();
      streams.closeAll();
      held.releaseAll();
      await background.close();
      current?.closeIdleConnections();
      const force = setTimeout(() => current?.closeAllConnections(), CLOSE_GRACE_MS);
      await closed;
      clearTimeout(force);
      await state?.close();
    },
  };
}

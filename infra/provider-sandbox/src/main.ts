// The provider sandbox as a process: `node dist/main.js`. Settings come from the environment
// (see README.md); a bad one stops the process at boot with its name, and so does a state file
// (SANDBOX_STATE_FILE) that cannot be read.
import { loadSandboxSettings, SandboxConfigError, type SandboxSettings } from './config/sandbox-config.js';
import { createSandbox, type Sandbox } from './sandbox.js';
import { createLogger } from './shared/logger.js';
import { SandboxStateError } from './state/state-file.js';

const STOP_TIMEOUT_MS = 10_000;

let settings: SandboxSettings;
try {
  settings = loadSandboxSettings(process.env);
} catch (error) {
  if (!(error instanceof SandboxConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const { config } = settings;
const logger = createLogger(config.logLevel);
let sandbox: Sandbox;
try {
  sandbox = createSandbox(config, { logger });
} catch (error) {
  if (!(error instanceof SandboxStateError)) throw error;
  console.error(error.message);
  process.exit(1);
}

try {
  await sandbox.listen(settings.port, settings.host);
} catch (error) {
  logger.fatal({ err: error, port: settings.port, host: settings.host }, 'provider sandbox could not listen');
  process.exit(1);
}

for (const [name, url] of [
  ['STRIPE_WEBHOOK_URL', config.stripe.webhookUrl],
  ['TWILIO_INBOUND_WEBHOOK_URL', config.twilio.inboundWebhookUrl],
  ['SENDGRID_EVENT_WEBHOOK_URL', config.sendgrid.eventWebhookUrl],
] as const) {
  if (!url)
    logger.warn({ setting: name }, `${name} is not set: those webhooks are recorded but not delivered`);
}
logger.info(
  {
    url: sandbox.url,
    inbox: `${sandbox.url}/inbox`,
    stripeWebhook: config.stripe.webhookUrl ?? null,
    twilioInboundWebhook: config.twilio.inboundWebhookUrl ?? null,
    sendgridEventWebhook: config.sendgrid.eventWebhookUrl ?? null,
    twilioNumbers: config.twilio.phoneNumbers,
    stateFile: config.stateFile ?? null,
  },
  'provider sandbox ready',
);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    logger.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, 'provider sandbox stopping');
  setTimeout(() => {
    logger.error('provider sandbox did not stop in time');
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
  await sandbox.close();
  logger.info('provider sandbox stopped');
  // Everything of the sandbox is closed and its state written; an idle keep-alive connection of its
  // own webhook calls must not keep the process (and so a restart) waiting.
  process.exit(0);
}

process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));

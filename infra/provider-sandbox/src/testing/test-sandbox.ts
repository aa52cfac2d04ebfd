import { loadSandboxSettings, type SandboxConfig } from '../config/sandbox-config.js';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { WebhookReceiver } from './webhook-receiver.js';

export interface TestSandbox {
  sandbox: Sandbox;
  url: string;
  port: number;
  config: SandboxConfig;
  /** Stands in for MultiMFA: every webhook the sandbox sends lands here. */
  receiver: WebhookReceiver;
  stop(): Promise<void>;
}

/** Paths on the receiver where each provider's webhooks arrive. */
export const HOOKS = {
  stripe: '/webhooks/stripe',
  twilioInbound: '/webhooks/twilio/inbound',
  twilioStatus: '/webhooks/twilio/status',
  sendgrid: '/webhooks/sendgrid',
  googleCallback: '/auth/google/callback',
} as const;

/**
 * A sandbox in this process on a free port, configured from an environment like the real process
 * (so the env parsing is what the tests use), with its webhooks pointed at a local receiver.
 */
export async function startTestSandbox(env: Record<string, string> = {}): Promise<TestSandbox> {
  const receiver = await new WebhookReceiver().start();
  const { config } = loadSandboxSettings({
    LOG_LEVEL: 'silent',
    SANDBOX_CALLBACK_DELAY_MS: '20',
    SENDGRID_EVENT_BATCH_MS: '20',
    STRIPE_WEBHOOK_URL: receiver.at(HOOKS.stripe),
    TWILIO_INBOUND_WEBHOOK_URL: receiver.at(HOOKS.twilioInbound),
    SENDGRID_EVENT_WEBHOOK_URL: receiver.at(HOOKS.sendgrid),
    ...env,
  });
  const sandbox = createSandbox(config);
  const url = await sandbox.listen(0, '127.0.0.1');
  return {
    sandbox,
    url,
    port: Number(new URL(url).port),
    config,
    receiver,
    async stop() {
      await sandbox.close();
      await receiver.stop();
    },
  };
}

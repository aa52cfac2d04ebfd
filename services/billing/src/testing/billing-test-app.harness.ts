import { randomBytes } from 'node:crypto';
import { type ServiceTestApp, startServiceTestApp } from '@multimfa/event-bus/testing';
import { createSandbox, loadSandboxSettings } from '@multimfa/provider-sandbox/server';
import { billingService } from '../service.definition.js';

/** A billing process of an integration test, with Stripe played by the provider sandbox. */
export interface BillingTestApp extends ServiceTestApp {
  /** The provider sandbox playing Stripe. */
  readonly sandboxBase: string;
}

/** Billing as `startServiceTestApp` starts a service (its test database for `database`), Stripe in the sandbox. */
export async function startBillingTestApp(database: string): Promise<BillingTestApp> {
  const sandbox = createSandbox(loadSandboxSettings({ LOG_LEVEL: 'silent' }).config);
  const sandboxUrl = new URL(await sandbox.listen(0, '127.0.0.1'));
  const billing = await startServiceTestApp(billingService, {
    database,
    companions: [sandbox],
    settings: {
      STRIPE_SECRET_KEY: 'sk_test_multimfa_sandbox',
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
      STRIPE_API_HOST: sandboxUrl.hostname,
      STRIPE_API_PORT: sandboxUrl.port,
      STRIPE_API_PROTOCOL: 'http',
    },
  });
  return Object.assign(billing, { sandboxBase: sandboxUrl.origin });
}

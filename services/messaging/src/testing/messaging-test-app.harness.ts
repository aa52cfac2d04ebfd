import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import { EventBusServer } from '@multimfa/event-bus';
import { publishTestEvent, type ServiceTestApp, startServiceTestApp } from '@multimfa/event-bus/testing';
import { memberVerified, mfaCreated, type PayloadOf } from '@multimfa/events';
import { SandboxClient } from '@multimfa/provider-sandbox';
import { createSandbox, loadSandboxSettings } from '@multimfa/provider-sandbox/server';
import { eventually } from '@multimfa/service-runtime/testing';
import { messagingService } from '../service.definition.js';
import { createdMfa, verifiedMember } from './directory-events.builder.js';

/** A messaging process of an integration test, with SendGrid and Twilio played by the provider sandbox. */
export interface MessagingTestApp extends ServiceTestApp {
  /** messaging's EVENT_SEALING_KEY: what other services seal secrets in events with. */
  readonly sealingKey: string;
  /** The sandbox's record of what was e-mailed and texted. */
  readonly inbox: SandboxClient;
}

/**
 * Messaging as `startServiceTestApp` starts a service, SendGrid and Twilio in the sandbox; `settings`
 * are added to (or replace) the usual test settings.
 */
export async function startMessagingTestApp(
  settings: Record<string, string> = {},
): Promise<MessagingTestApp> {
  const sandbox = createSandbox(loadSandboxSettings({ LOG_LEVEL: 'silent' }).config);
  const sandboxUrl = await sandbox.listen(0, '127.0.0.1');
  const sealingKey = randomBytes(32).toString('base64');
  const messaging = await startServiceTestApp(messagingService, {
    database: 'messaging',
    companions: [sandbox],
    settings: {
      SENDGRID_API_KEY: 'SG.multimfa-sandbox',
      SENDGRID_API_URL: sandboxUrl,
      PUBLIC_WEB_URL: 'http://127.0.0.1:24080',
      EVENT_SEALING_KEY: sealingKey,
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
      TWILIO_API_URL: sandboxUrl,
      PUBLIC_API_URL: 'http://127.0.0.1:1',
      ...settings,
    },
  });
  return Object.assign(messaging, { sealingKey, inbox: new SandboxClient(sandboxUrl) });
}

/**
 * Starts messaging before the file's tests, once its consumers joined their groups (a consumer
 * stopped while still joining would leave kafkajs calling after the file ended), hands it to `use`,
 * and closes it after them.
 */
export function useMessagingTestApp(use: (messaging: MessagingTestApp) => void): void {
  let started: MessagingTestApp | undefined;
  beforeAll(async () => {
    started = await startMessagingTestApp();
    await started.app.get(EventBusServer).joined();
    use(started);
  });
  afterAll(async () => {
    await started?.close();
  });
}

/**
 * A MultiMFA on `number` with one verified member (`member` overrides the builder's e-mail member),
 * published as numbers does, once messaging's directory holds the member.
 */
export async function publishTeam(
  messaging: MessagingTestApp,
  number: string,
  member: Partial<PayloadOf<typeof memberVerified>> = {},
): Promise<{ mfaId: string; member: PayloadOf<typeof memberVerified> }> {
  const mfaId = randomUUID();
  await publishTestEvent(messaging.producer, messaging.prefix, mfaCreated, createdMfa({ mfaId, number }));
  const verified = verifiedMember(mfaId, member);
  await publishTestEvent(messaging.producer, messaging.prefix, memberVerified, verified);
  await eventually('the member in the directory', async () => {
    const rows = await messaging.database.query('SELECT 1 FROM member_view WHERE member_id = $1', [
      verified.memberId,
    ]);
    return rows.length ? true : undefined;
  });
  return { mfaId, member: verified };
}

import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { mfaCreated, userRegistered } from '@multimfa/events';
import type { EmailEntry } from '@multimfa/provider-sandbox';
import { eventually } from '@multimfa/service-runtime/testing';
import { InboundService } from '../inbound/inbound.service.js';
import { createdMfa, registeredUser } from '../testing/directory-events.builder.js';
import { type MessagingTestApp, useMessagingTestApp } from '../testing/messaging-test-app.harness.js';

const sid = () => `SM${randomBytes(16).toString('hex')}`;

describe('the new-service tripwire (real PostgreSQL, Redis and Kafka; SendGrid in the sandbox)', () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  /** A RoboMFA on a fresh number whose owner messaging knows; answers the number and the owner's address. */
  async function ownedNumber(): Promise<{ mfaId: string; number: string; owner: string }> {
    const userId = randomUUID();
    const user = registeredUser(userId);
    await publishTestEvent(messaging.producer, messaging.prefix, userRegistered, user);
    const number = `+1202555${String(randomBytes(2).readUInt16BE() % 10_000).padStart(4, '0')}`;
    const mfa = createdMfa({ MFAType: 'RoboMFA', userId, number, name: 'Robots of the tripwire' });
    await publishTestEvent(messaging.producer, messaging.prefix, mfaCreated, mfa);
    await eventually('the MFA and its owner known', async () => {
      const rows = await messaging.database.query(
        `SELECT 1 FROM mfa_view v JOIN user_contact u ON u.user_id = v.user_id WHERE v.mfa_id = $1 AND v.number = $2`,
        [mfa.mfaId, number],
      );
      return rows.length ? true : undefined;
    });
    return { mfaId: mfa.mfaId, number, owner: user.emailAddress };
  }

  const notices = (mfaId: string) =>
    messaging.database.query(
      `SELECT s.service, e.kind, e.subject FROM seen_service s JOIN outbound_email e ON e.email_id = s.first_message_id
        WHERE s.mfa_id = $1 ORDER BY s.first_seen_at`,
      [mfaId],
    );

  it('notifies the owner once for the first code of a service on a number, however many first codes arrive at once, and once more for the next new service', async () => {
    const { mfaId, number, owner } = await ownedNumber();
    const inbound = messaging.app.get(InboundService);
    const google = Array.from({ length: 6 }, (_, i) => ({
      messageSid: sid(),
      from: '22000',
      to: number,
      body: `G-${482910 + i} is your Google verification code.`,
    }));
    await Promise.all(google.map((sms) => inbound.receive(sms)));
    // Twilio delivering the first text again changes nothing.
    await inbound.receive(google[0] as (typeof google)[0]);
    expect(await notices(mfaId)).toStrictEqual([
      {
        service: 'Google',
        kind: 'NEW_SERVICE_CODE',
        subject: 'First Google code on Robots of the tripwire: did you expect it?',
      },
    ]);
    await inbound.receive({
      messageSid: sid(),
      from: 'AMAZON',
      to: number,
      body: '482913 is your Amazon OTP. Do not share it with anyone.',
    });
    await inbound.receive({
      messageSid: sid(),
      from: '22000',
      to: number,
      body: 'G-555123 is your Google verification code.',
    });
    expect((await notices(mfaId)).map((row: { service: string }) => row.service)).toStrictEqual([
      'Google',
      'Amazon',
    ]);

    const mails = await eventually('both notices e-mailed to the owner', async () => {
      const found = (await messaging.inbox.messages({ channel: 'email', to: owner })) as EmailEntry[];
      return found.length >= 2 ? found : undefined;
    });
    expect(mails.map((mail) => mail.subject).sort()).toStrictEqual([
      'First Amazon code on Robots of the tripwire: did you expect it?',
      'First Google code on Robots of the tripwire: did you expect it?',
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain(number);
      // The notice names the service and sender, never the code.
      for (const code of ['482910', '482913']) expect(`${mail.text}${mail.html ?? ''}`).not.toContain(code);
    }
  });

  it('a text without a code of a known service trips nothing', async () => {
    const { mfaId, number } = await ownedNumber();
    await messaging.app
      .get(InboundService)
      .receive({ messageSid: sid(), from: '+15550001111', to: number, body: 'Lunch at noon?' });
    expect(await notices(mfaId)).toStrictEqual([]);
  });
});

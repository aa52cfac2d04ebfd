import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { SmsEntry } from '@multimfa/provider-sandbox';
import { Metrics } from '@multimfa/service-runtime';
import { eventually } from '@multimfa/service-runtime/testing';
import { InboundService } from '../inbound/inbound.service.js';
import {
  type MessagingTestApp,
  publishTeam,
  useMessagingTestApp,
} from '../testing/messaging-test-app.harness.js';

const randomNumber = (prefix: string) =>
  `${prefix}${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

describe("a provider's lost answer (the sandbox sends, then cuts the connection): real PostgreSQL, Redis, Kafka", () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  const ambiguous = async (medium: string, outcome: string) => {
    const metric = await messaging.app
      .get(Metrics)
      .registry.getSingleMetric('messaging_forward_ambiguous_sends_total')
      ?.get();
    return (
      metric?.values.find((value) => value.labels.medium === medium && value.labels.outcome === outcome)
        ?.value ?? 0
    );
  };

  it("texts the member once (the retry finds the SMS in Twilio's Messages list and records it) and e-mails them again once (SendGrid has no lookup), counting both", async () => {
    // One of the sandbox account's own numbers: Twilio sends only from those.
    const number = '+14155550123';
    const mobileNo = randomNumber('+1646');
    const email = `lost.${randomBytes(3).toString('hex')}@example.com`;
    await publishTeam(messaging, number, { email, mobileNo, forwardMedium: 'BOTH' });
    const before = {
      sms: await ambiguous('SMS', 'found_sent'),
      email: await ambiguous('EMAIL', 'sent_again'),
    };

    await messaging.inbox.setFault({ provider: 'twilio', dropAnswer: true });
    await messaging.inbox.setFault({ provider: 'sendgrid', dropAnswer: true });
    const { messageId } = await messaging.app.get(InboundService).receive({
      messageSid: `SM${randomBytes(16).toString('hex')}`,
      from: '+15550001111',
      to: number,
      body: 'Your verification code is 735120',
    });

    const forwards = await eventually('both forwards recorded as sent', async () => {
      const rows: Array<{ medium: string; status: string; attempts: number; provider_message_id: string }> =
        await messaging.database.query(
          `SELECT medium, status, attempts, provider_message_id FROM forward
            WHERE message_id = $1 AND sent_at IS NOT NULL ORDER BY medium`,
          [messageId],
        );
      return rows.length === 2 ? rows : undefined;
    });
    expect(forwards.map((row) => [row.medium, row.attempts])).toStrictEqual([
      ['EMAIL', 2],
      ['SMS', 2],
    ]);
    const texts = await messaging.inbox.messages({ channel: 'sms', direction: 'outbound', to: mobileNo });
    expect(texts.map((text) => text.id)).toHaveLength(1);
    expect(forwards[1]?.provider_message_id).toBe((texts[0] as SmsEntry).sid);
    const mails = await messaging.inbox.messages({ channel: 'email', to: email });
    expect(mails).toHaveLength(2);
    expect(await ambiguous('SMS', 'found_sent')).toBe(before.sms + 1);
    expect(await ambiguous('EMAIL', 'sent_again')).toBe(before.email + 1);
    expect(await messaging.inbox.faults()).toStrictEqual([]);
  });

  it('gives up a SendGrid call that never answers after its 10 s deadline and e-mails the member on the next attempt', async () => {
    const number = '+14155550124';
    const email = `hung.${randomBytes(3).toString('hex')}@example.com`;
    await publishTeam(messaging, number, { email });

    await messaging.inbox.setFault({ provider: 'sendgrid', timeout: true });
    const { messageId } = await messaging.app.get(InboundService).receive({
      messageSid: `SM${randomBytes(16).toString('hex')}`,
      from: '+15550001111',
      to: number,
      body: 'Your verification code is 246810',
    });

    const [forward] = await eventually(
      'the forward recorded as sent',
      async () => {
        const rows: Array<{ attempts: number }> = await messaging.database.query(
          'SELECT attempts FROM forward WHERE message_id = $1 AND sent_at IS NOT NULL',
          [messageId],
        );
        return rows.length ? rows : undefined;
      },
      30_000,
    );
    expect(forward?.attempts).toBe(2);
    expect(await messaging.inbox.messages({ channel: 'email', to: email })).toHaveLength(1);
  });
});

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { Outbox } from '@multimfa/event-bus';
import { deliveryStatusChanged, forwardSent } from '@multimfa/events';
import { Clock, LOGGER, Metrics } from '@multimfa/service-runtime';
import { MessageLogRepository } from '../message-log/message-log.repository.js';
import { EmailSender } from '../providers/email-sender.port.js';
import type { OutgoingSms, SmsSender } from '../providers/sms-sender.port.js';
import { ForwardQueue } from '../queue/forward.queue.js';
import { type MessagingTestApp, useMessagingTestApp } from '../testing/messaging-test-app.harness.js';
import { ForwardingService } from './forwarding.service.js';
import { FORWARDING_SETTINGS } from './forwarding.settings.js';
import { ForwardsRepository } from './forwards.repository.js';

describe('forwarding a text (real PostgreSQL, Redis and Kafka)', () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  /** A text to a MultiMFA and one queued SMS forward of it, written as the inbound webhook writes them. */
  async function queuedSmsForward(): Promise<{ forwardId: string; mfaId: string }> {
    const messageId = randomUUID();
    const forwardId = randomUUID();
    const mfaId = randomUUID();
    await messaging.database.query(
      `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body, code, received_at)
       VALUES ($1, $2, $3, 'MultiMFA', '+14155550142', '+15005550006', 'Your code is 424242', '424242', now())`,
      [messageId, `SM${randomUUID().replace(/-/g, '')}`, mfaId],
    );
    await messaging.database.query(
      `INSERT INTO forward (forward_id, message_id, mfa_id, member_id, medium, destination, first_name, last_name)
       VALUES ($1, $2, $3, $4, 'SMS', '+14155550199', 'Ada', 'Test')`,
      [forwardId, messageId, mfaId, randomUUID()],
    );
    return { forwardId, mfaId };
  }

  /** The service as the app builds it, with `sms` as its Twilio. */
  function forwardingWith(sms: SmsSender): ForwardingService {
    const app = messaging.app;
    return new ForwardingService(
      app.get(ForwardsRepository),
      app.get(MessageLogRepository),
      app.get(Outbox),
      sms,
      app.get(EmailSender),
      app.get(ForwardQueue),
      app.get(FORWARDING_SETTINGS),
      app.get(Clock),
      app.get(LOGGER),
      app.get(Metrics),
    );
  }

  it("records a send once, with its event and count, and counts the SMS once for its customer, when the provider's delivery report is applied before the worker records it", async () => {
    const { forwardId, mfaId } = await queuedSmsForward();
    const customerId = randomUUID();
    await messaging.database.query(
      `INSERT INTO mfa_view (mfa_id, mfa_type, user_id, number, is_subscription_active, is_active)
       VALUES ($1, 'MultiMFA', $2, '+14155550142', true, true)`,
      [mfaId, customerId],
    );
    const app = messaging.app;
    let forwarding: ForwardingService;
    // Twilio answers the send, and its "delivered" callback is applied before the worker's own
    // transaction records the send: the order a slow worker and a fast callback produce.
    const racingSms: SmsSender = {
      send: async (_sms: OutgoingSms) => {
        const { applied } = await forwarding.applyReports({
          reports: [{ provider: 'twilio', forwardId, event: 'delivered' }],
        });
        assert.equal(applied, 1);
        return { providerMessageId: `SM${randomUUID().replace(/-/g, '')}` };
      },
      findSent: async () => null,
    };
    forwarding = forwardingWith(racingSms);

    await forwarding.deliver(forwardId, 1);
    // The job run again (a worker that died before acknowledging it) records nothing more.
    await forwarding.deliver(forwardId, 2);
    const repository = app.get(ForwardsRepository);
    assert.equal(
      await repository.transaction((manager) =>
        repository.recordSent(manager, forwardId, { providerMessageId: null, attempts: 3 }),
      ),
      undefined,
    );

    const [forward] = await messaging.database.query(
      'SELECT status, sent_at IS NOT NULL AS recorded, attempts FROM forward WHERE forward_id = $1',
      [forwardId],
    );
    assert.deepEqual({ ...forward }, { status: 'delivered', recorded: true, attempts: 1 });
    const events: Array<{ event_type: string; count: number }> = await messaging.database.query(
      `SELECT event_type, count(*)::int AS count FROM outbox_event
        WHERE envelope::jsonb -> 'payload' ->> 'forwardId' = $1 GROUP BY event_type`,
      [forwardId],
    );
    const byType = (a: { event_type: string }, b: { event_type: string }) =>
      a.event_type < b.event_type ? -1 : 1;
    assert.deepEqual(
      events.map((row) => ({ ...row })).sort(byType),
      [
        { event_type: deliveryStatusChanged.type, count: 1 },
        { event_type: forwardSent.type, count: 1 },
      ].sort(byType),
    );
    const [counts] = await messaging.database.query(
      'SELECT success_count, failure_count, sms_count, email_count FROM mfa_message_count WHERE mfa_id = $1',
      [mfaId],
    );
    assert.deepEqual({ ...counts }, { success_count: 1, failure_count: 0, sms_count: 1, email_count: 0 });
    const counted = (
      await app.get(Metrics).registry.getSingleMetric('messaging_outbound_sms_total')?.get()
    )?.values
      .filter((value) => value.labels.customer_id === customerId)
      .map((value) => [value.labels.kind, value.value]);
    assert.deepEqual(counted, [['forward', 1]]);
  });

  it('marks a queued forward sending in the statement that reads it, committed before it answers, and never one already marked or no longer sendable', async () => {
    const { forwardId } = await queuedSmsForward();
    const repository = messaging.app.get(ForwardsRepository);
    const at = new Date('2026-11-29T10:00:00.000Z');
    const first = await repository.findMarkingSending(forwardId, at);
    assert.equal(first?.markedSending, true);
    assert.equal(first?.sendingAt, null, 'the read shows no earlier call');
    const [marked] = await messaging.database.query('SELECT sending_at FROM forward WHERE forward_id = $1', [
      forwardId,
    ]);
    assert.equal(marked.sending_at.toISOString(), at.toISOString());
    // A second attempt (the first one's outcome lost) is not marked again: it must ask about the first.
    const again = await repository.findMarkingSending(forwardId, new Date('2026-11-29T10:01:00.000Z'));
    assert.equal(again?.markedSending, false);
    assert.equal(again?.sendingAt?.toISOString(), at.toISOString());
    // A forward already sent is read, not marked.
    const sent = await queuedSmsForward();
    await messaging.database.query("UPDATE forward SET status = 'sent' WHERE forward_id = $1", [
      sent.forwardId,
    ]);
    const read = await repository.findMarkingSending(sent.forwardId, at);
    assert.equal(read?.status, 'sent');
    assert.equal(read?.markedSending, false);
    const [untouched] = await messaging.database.query(
      'SELECT sending_at FROM forward WHERE forward_id = $1',
      [sent.forwardId],
    );
    assert.equal(untouched.sending_at, null);
  });

  it('moves a queued forward to sent when the worker records its send first', async () => {
    const { forwardId } = await queuedSmsForward();
    const repository = messaging.app.get(ForwardsRepository);
    const recorded = await repository.transaction((manager) =>
      repository.recordSent(manager, forwardId, { providerMessageId: 'SM-first', attempts: 1 }),
    );
    assert.deepEqual(recorded, { redriven: false });
    const [forward] = await messaging.database.query(
      'SELECT status, provider_message_id FROM forward WHERE forward_id = $1',
      [forwardId],
    );
    assert.deepEqual({ ...forward }, { status: 'sent', provider_message_id: 'SM-first' });
  });

  it("moves a queued forward to sent on Twilio's sent report that comes before the worker's record, with its status event", async () => {
    const { forwardId } = await queuedSmsForward();
    const forwarding = messaging.app.get(ForwardingService);
    assert.deepEqual(
      await forwarding.applyReports({ reports: [{ provider: 'twilio', forwardId, event: 'sent' }] }),
      { applied: 1 },
    );
    const [forward] = await messaging.database.query('SELECT status FROM forward WHERE forward_id = $1', [
      forwardId,
    ]);
    assert.equal(forward.status, 'sent');
    const events = await messaging.database.query(
      `SELECT envelope::jsonb -> 'payload' ->> 'status' AS status FROM outbox_event
        WHERE event_type = $1 AND envelope::jsonb -> 'payload' ->> 'forwardId' = $2`,
      [deliveryStatusChanged.type, forwardId],
    );
    assert.deepEqual(
      events.map((row: { status: string }) => row.status),
      ['sent'],
    );
  });

  it("publishes the worker's send as forward.sent alone (no status event beside it), then the delivered report's status event", async () => {
    const { forwardId } = await queuedSmsForward();
    const answering: SmsSender = {
      send: async () => ({ providerMessageId: `SM${randomUUID().replace(/-/g, '')}` }),
      findSent: async () => null,
    };
    const forwarding = forwardingWith(answering);
    const published = async () =>
      (
        await messaging.database.query(
          `SELECT event_type, envelope::jsonb -> 'payload' ->> 'status' AS status FROM outbox_event
            WHERE envelope::jsonb -> 'payload' ->> 'forwardId' = $1 ORDER BY id`,
          [forwardId],
        )
      ).map((row: { event_type: string; status: string | null }) => ({ ...row }));

    await forwarding.deliver(forwardId, 1);
    assert.deepEqual(await published(), [{ event_type: forwardSent.type, status: null }]);
    // Twilio's "sent" callback after the send changes nothing, and publishes nothing.
    assert.deepEqual(
      await forwarding.applyReports({ reports: [{ provider: 'twilio', forwardId, event: 'sent' }] }),
      { applied: 0 },
    );
    await forwarding.applyReports({ reports: [{ provider: 'twilio', forwardId, event: 'delivered' }] });
    assert.deepEqual(await published(), [
      { event_type: forwardSent.type, status: null },
      { event_type: deliveryStatusChanged.type, status: 'delivered' },
    ]);
  });

  it('applies a batch of reports in one call: each forward to its furthest status, the first of two final ones, one event and count each', async () => {
    const [a, b, c] = [await queuedSmsForward(), await queuedSmsForward(), await queuedSmsForward()];
    const forwarding = messaging.app.get(ForwardingService);
    const { applied } = await forwarding.applyReports({
      reports: [
        { provider: 'sendgrid', forwardId: a.forwardId, event: 'processed' },
        { provider: 'sendgrid', forwardId: a.forwardId, event: 'delivered' },
        { provider: 'sendgrid', forwardId: a.forwardId, event: 'sent' },
        { provider: 'sendgrid', forwardId: b.forwardId, event: 'bounce' },
        { provider: 'sendgrid', forwardId: b.forwardId, event: 'delivered' },
        { provider: 'sendgrid', forwardId: c.forwardId, event: 'sent' },
        { provider: 'sendgrid', forwardId: randomUUID(), event: 'delivered' },
      ],
    });
    assert.equal(applied, 3);
    const statuses: Array<{ forward_id: string; status: string }> = await messaging.database.query(
      'SELECT forward_id, status FROM forward WHERE forward_id = ANY($1::uuid[])',
      [[a.forwardId, b.forwardId, c.forwardId]],
    );
    assert.deepEqual(Object.fromEntries(statuses.map((row) => [row.forward_id, row.status])), {
      [a.forwardId]: 'delivered',
      [b.forwardId]: 'failed',
      [c.forwardId]: 'sent',
    });
    const [{ events }] = await messaging.database.query(
      `SELECT count(*)::int AS events FROM outbox_event
        WHERE event_type = $1 AND envelope::jsonb -> 'payload' ->> 'forwardId' = ANY($2::text[])`,
      [deliveryStatusChanged.type, [a.forwardId, b.forwardId, c.forwardId]],
    );
    assert.equal(events, 3);
    const [failures] = await messaging.database.query(
      'SELECT failure_count FROM mfa_message_count WHERE mfa_id = $1',
      [b.mfaId],
    );
    assert.equal(failures?.failure_count, 1);

    // The same batch again (a provider retrying it) moves nothing.
    const again = await forwarding.applyReports({
      reports: [{ provider: 'sendgrid', forwardId: a.forwardId, event: 'delivered' }],
    });
    assert.equal(again.applied, 0);
  });
});

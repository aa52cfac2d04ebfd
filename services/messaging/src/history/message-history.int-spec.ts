import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { mfaCreated } from '@multimfa/events';
import type { RecentMessagesList } from '@multimfa/service-contracts/messaging';
import { eventually } from '@multimfa/service-runtime/testing';
import { createdMfa } from '../testing/directory-events.builder.js';
import { type MessagingTestApp, useMessagingTestApp } from '../testing/messaging-test-app.harness.js';

describe("a MultiMFA's recent messages (real PostgreSQL, Redis and Kafka)", () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  it('gives each recipient when their copy was sent and marks one sent 11 minutes after the text as late, one sent at once and one not sent yet as not', async () => {
    const mfaId = randomUUID();
    const userId = randomUUID();
    await publishTestEvent(messaging.producer, messaging.prefix, mfaCreated, createdMfa({ mfaId, userId }));
    await eventually('the MultiMFA in the view', async () => {
      const rows = await messaging.database.query('SELECT 1 FROM mfa_view WHERE mfa_id = $1', [mfaId]);
      return rows.length ? true : undefined;
    });

    const messageId = randomUUID();
    const receivedAt = new Date(Date.now() - 20 * 60_000);
    const at = (minutes: number) => new Date(receivedAt.getTime() + minutes * 60_000);
    await messaging.database.query(
      `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body, code, received_at)
       VALUES ($1, $2, $3, 'MultiMFA', '+14155550142', '+15005550006', 'Your code is 616161', '616161', $4)`,
      [messageId, `SM${randomUUID().replace(/-/g, '')}`, mfaId, receivedAt],
    );
    const recipients = [
      { firstName: 'Ann', medium: 'EMAIL', status: 'delivered', sentAt: at(0.05) },
      { firstName: 'Bob', medium: 'SMS', status: 'sent', sentAt: at(11) },
      { firstName: 'Cid', medium: 'EMAIL', status: 'queued', sentAt: null },
    ];
    for (const recipient of recipients) {
      await messaging.database.query(
        `INSERT INTO forward (forward_id, message_id, mfa_id, member_id, medium, destination, first_name, last_name,
                              status, sent_at)
         VALUES ($1, $2, $3, $4, $5, 'someone@example.com', $6, 'Test', $7, $8)`,
        [
          randomUUID(),
          messageId,
          mfaId,
          randomUUID(),
          recipient.medium,
          recipient.firstName,
          recipient.status,
          recipient.sentAt,
        ],
      );
    }

    const answer = await messaging.call<RecentMessagesList>(
      'GET',
      `/mfas/${mfaId}/messages?userId=${userId}`,
    );
    assert.equal(answer.status, 200);
    const [message] = answer.body.messages;
    assert.equal(message?.receivedAt, receivedAt.toISOString());
    // Copied into this test's own array and objects: the answer was parsed outside the test's realm.
    assert.deepEqual(
      [...(message?.recipients ?? [])].map(({ firstName, status, sentAt, late }) => ({
        firstName,
        status,
        sentAt,
        late,
      })),
      [
        { firstName: 'Ann', status: 'delivered', sentAt: at(0.05).toISOString(), late: false },
        { firstName: 'Bob', status: 'sent', sentAt: at(11).toISOString(), late: true },
        { firstName: 'Cid', status: 'queued', sentAt: null, late: false },
      ],
    );
  });
});

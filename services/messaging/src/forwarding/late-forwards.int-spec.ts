import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { memberVerified, mfaCreated } from '@multimfa/events';
import type { EmailEntry } from '@multimfa/provider-sandbox';
import { eventually } from '@multimfa/service-runtime/testing';
import { InboundService } from '../inbound/inbound.service.js';
import { createdMfa, verifiedMember } from '../testing/directory-events.builder.js';
import { type MessagingTestApp, useMessagingTestApp } from '../testing/messaging-test-app.harness.js';

const randomNumber = () => `+1415${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

describe('texts that came before messaging knew a member was verified (real PostgreSQL, Redis, Kafka; SendGrid in the sandbox)', () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  /** An active MultiMFA on `number` with no verified member yet, known to messaging. */
  async function multiMfa(number: string) {
    const mfaId = randomUUID();
    const userId = randomUUID();
    await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      mfaCreated,
      createdMfa({ mfaId, userId, name: 'Team Late', number }),
    );
    await eventually('the MultiMFA in the view', async () => {
      const rows = await messaging.database.query(
        'SELECT 1 FROM mfa_view WHERE mfa_id = $1 AND number = $2',
        [mfaId, number],
      );
      return rows.length ? true : undefined;
    });
    return { mfaId, userId };
  }

  const text = (to: string, code: string) =>
    messaging.app.get(InboundService).receive({
      messageSid: `SM${randomBytes(16).toString('hex')}`,
      from: '+15550001111',
      to,
      body: `Your verification code is ${code}`,
    });

  const mailsTo = async (address: string) =>
    (await messaging.inbox.messages({ channel: 'email', to: address })) as EmailEntry[];

  const applied = async (eventId: string) => {
    const rows = await messaging.database.query('SELECT 1 FROM processed_event WHERE event_id = $1', [
      eventId,
    ]);
    return rows.length ? true : undefined;
  };

  it('forwards each text that came after numbers verified the member but before messaging applied it to that member once, logs it as late, and leaves an earlier text alone', async () => {
    const number = randomNumber();
    const { mfaId, userId } = await multiMfa(number);
    const email = `late.${randomBytes(3).toString('hex')}@example.com`;

    // A text before the member accepted: not theirs, now or later.
    const before = await text(number, '100001');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const verifiedAt = new Date();
    // The member accepted (numbers verified them at `verifiedAt`), but messaging's consumer has not
    // applied it yet: the two texts that come now reach an MFA with no verified member.
    const first = await text(number, '200002');
    const second = await text(number, '300003');
    const keptLogs = await messaging.database.query(
      `SELECT count(*)::int AS count FROM message_log WHERE message_id = ANY($1) AND message LIKE '%no verified member%'`,
      [[before.messageId, first.messageId, second.messageId]],
    );
    assert.equal(keptLogs[0].count, 3, 'all three texts were kept with nobody to forward them to');

    const verification = verifiedMember(mfaId, {
      userId,
      firstName: 'Lena',
      lastName: 'Late',
      email,
      verifiedAt: verifiedAt.toISOString(),
    });
    const eventId = await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      memberVerified,
      verification,
    );
    await eventually('the verification applied', () => applied(eventId));

    const mails = await eventually('both late forwards e-mailed', async () => {
      const found = await mailsTo(email);
      return found.length >= 2 ? found : undefined;
    });
    const bodies = mails.map((mail) => `${mail.subject} ${mail.text ?? ''} ${mail.html ?? ''}`);
    assert.equal(bodies.filter((body) => body.includes('200002')).length, 1);
    assert.equal(bodies.filter((body) => body.includes('300003')).length, 1);
    assert.equal(
      bodies.filter((body) => body.includes('100001')).length,
      0,
      'the earlier text is not theirs',
    );

    const lateLogs = await messaging.database.query(
      `SELECT message_id FROM message_log WHERE mfa_id = $1 AND message LIKE '%forwarded late to Lena Late%'
        ORDER BY created_at`,
      [mfaId],
    );
    assert.deepEqual(
      lateLogs.map((row: { message_id: string }) => row.message_id),
      [first.messageId, second.messageId],
    );

    // numbers publishes the same verification again (a retried relay): no forward recorded or sent twice.
    const again = await publishTestEvent(messaging.producer, messaging.prefix, memberVerified, verification);
    await eventually('the repeated verification applied', () => applied(again));
    const forwards = await messaging.database.query(
      `SELECT message_id, count(*)::int AS count FROM forward WHERE mfa_id = $1 GROUP BY message_id ORDER BY message_id`,
      [mfaId],
    );
    assert.deepEqual(
      forwards.map((row: { message_id: string; count: number }) => ({ ...row })),
      [first.messageId, second.messageId].sort().map((messageId) => ({ message_id: messageId, count: 1 })),
    );
    await eventually('both forwards recorded as sent', async () => {
      const rows = await messaging.database.query(
        `SELECT count(*)::int AS count FROM forward WHERE mfa_id = $1 AND status IN ('sent', 'delivered')`,
        [mfaId],
      );
      return rows[0].count === 2 ? true : undefined;
    });
    assert.equal((await mailsTo(email)).length, 2, 'each late text e-mailed exactly once');

    // A text after messaging knows the member is forwarded as usual, and logged as such.
    const later = await text(number, '400004');
    await eventually('the next text e-mailed', async () =>
      (await mailsTo(email)).length === 3 ? true : undefined,
    );
    const laterLog = await messaging.database.query('SELECT message FROM message_log WHERE message_id = $1', [
      later.messageId,
    ]);
    assert.match(laterLog[0].message, /is being forwarded to 1 verified member/);
  });

  it("gives a text that came before messaging knew the MultiMFA held its number to that MultiMFA, e-mails its member once, and leaves a text from before the MFA held the number as nobody's", async () => {
    const number = randomNumber();
    const before = await text(number, '700001');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const createdAt = new Date();
    const after = await text(number, '700002');
    const owners = async () =>
      (
        await messaging.database.query(
          'SELECT message_id, mfa_id FROM inbound_message WHERE message_id = ANY($1) ORDER BY received_at',
          [[before.messageId, after.messageId]],
        )
      ).map((row: { mfa_id: string | null }) => row.mfa_id);
    expect(await owners()).toStrictEqual([null, null]);

    const mfaId = randomUUID();
    const email = `adopted.${randomBytes(3).toString('hex')}@example.com`;
    await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      memberVerified,
      verifiedMember(mfaId, { email }),
    );
    await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      mfaCreated,
      createdMfa({ mfaId, number, createdAt: createdAt.toISOString() }),
    );

    const mails = await eventually('the text e-mailed to the member', async () => {
      const found = await mailsTo(email);
      return found.length ? found : undefined;
    });
    expect(await owners()).toStrictEqual([null, mfaId]);
    expect(mails.map((mail) => (mail.text ?? '').includes('700002'))).toStrictEqual([true]);
    expect(await messaging.app.get(InboundService).adoptUnowned()).toBe(0);
    await eventually('the forward recorded as sent', async () => {
      const [row] = await messaging.database.query(
        'SELECT count(*)::int AS n FROM forward WHERE message_id = $1 AND sent_at IS NOT NULL',
        [after.messageId],
      );
      return row.n === 1 ? true : undefined;
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { invitationSent, mfaCreated, sealSecret, userRegistered } from '@multimfa/events';
import { Metrics } from '@multimfa/service-runtime';
import { createdMfa, registeredUser } from '../testing/directory-events.builder.js';
import { type MessagingTestApp, startMessagingTestApp } from '../testing/messaging-test-app.harness.js';
import { InvitationSmsService } from './invitation-sms.service.js';

describe('messaging texts invitations to members reached by mobile (real Kafka, Redis, PostgreSQL; Twilio in the sandbox)', () => {
  let messaging: MessagingTestApp;

  beforeAll(async () => {
    messaging = await startMessagingTestApp();
  });

  afterAll(async () => {
    await messaging?.close();
  });

  /** A MultiMFA named `name` on `number` and its owner, both in messaging's views before it returns. */
  async function ownedTeam(name: string, number: string, owner: { firstName: string; lastName: string }) {
    const mfaId = randomUUID();
    const userId = randomUUID();
    await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      mfaCreated,
      createdMfa({ mfaId, userId, name, number }),
    );
    await publishTestEvent(
      messaging.producer,
      messaging.prefix,
      userRegistered,
      registeredUser(userId, owner),
    );
    for (let i = 0; i < 200; i += 1) {
      const rows = await messaging.database.query(
        'SELECT 1 FROM user_contact c JOIN mfa_view v ON v.user_id = c.user_id WHERE c.user_id = $1',
        [userId],
      );
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { mfaId, userId };
  }

  /** Numbers' invitation of member Ivy Test of the team, by mobile, with a fresh token valid 7 days. */
  async function invite(
    team: { mfaId: string; userId: string },
    mobileNo: string,
    forwardMedium: 'MOBILE_NUMBER' | 'BOTH',
  ) {
    const invitationId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    await publishTestEvent(messaging.producer, messaging.prefix, invitationSent, {
      memberId: randomUUID(),
      ...team,
      firstName: 'Ivy',
      lastName: 'Test',
      mobileNo,
      email: '',
      forwardMedium,
      status: 'INVITE_SENT',
      invitationId,
      sealedToken: sealSecret(messaging.sealingKey, token, invitationId),
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      sentAt: new Date().toISOString(),
    });
    return { invitationId, token };
  }

  it('texts a MOBILE_NUMBER member the /activation/{token} link from the MultiMFA’s own number, naming the owner, the team and its number, and no e-mail, and counts the SMS for the owner', async () => {
    const team = await ownedTeam('Ops', '+14155550123', { firstName: 'Olga', lastName: 'Owner' });
    const { userId } = team;
    const mobileNo = `+1415555${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const cursor = await messaging.inbox.cursor();
    const { invitationId, token } = await invite(team, mobileNo, 'MOBILE_NUMBER');
    const sms = await messaging.inbox.waitForSms(mobileNo, { after: cursor, timeoutMs: 30_000 });
    assert.equal(sms.from, '+14155550123');
    assert.ok(sms.body.includes(`http://127.0.0.1:24080/activation/${token}`));
    assert.ok(
      sms.body.startsWith(
        'Hi Ivy, Olga Owner invites you to the MultiMFA team Ops: codes texted to +14155550123 will reach you by SMS. Accept or reject: ',
      ),
      sms.body,
    );
    assert.match(sms.body, /valid 7 days/);
    // The worker records the send after Twilio answered, so the row may still say QUEUED a moment.
    let row: { status: string; sealed_code: string | null } | undefined;
    for (let i = 0; i < 100 && row?.status !== 'SENT'; i += 1) {
      if (row) await new Promise((resolve) => setTimeout(resolve, 50));
      [row] = await messaging.database.query(
        'SELECT status, sealed_code FROM outbound_sms WHERE sms_id = $1',
        [invitationId],
      );
    }
    assert.equal(row?.status, 'SENT');
    assert.equal(row?.sealed_code, null, 'the sealed token is dropped once sent');
    const emails = await messaging.inbox.messages({ channel: 'email', after: cursor });
    assert.equal(emails.length, 0, 'a mobile-only member gets no e-mail');
    const counted = (
      await messaging.app.get(Metrics).registry.getSingleMetric('messaging_outbound_sms_total')?.get()
    )?.values
      .filter((value) => value.labels.customer_id === userId)
      .map((value) => [value.labels.kind, value.value]);
    assert.deepEqual(counted, [['invitation', 1]], 'the SMS is counted for the customer who owns the number');
  });

  it('texts no link planted in a team name or in the owner’s name: the SMS names neither and still carries the invitation', async () => {
    const team = await ownedTeam('Claim at evil.example', '+16135550117', {
      firstName: 'https://evil.example',
      lastName: 'now',
    });
    const mobileNo = `+1415557${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const cursor = await messaging.inbox.cursor();
    await invite(team, mobileNo, 'BOTH');
    const sms = await messaging.inbox.waitForSms(mobileNo, { after: cursor, timeoutMs: 30_000 });
    assert.ok(!sms.body.includes('evil'), sms.body);
    assert.ok(
      sms.body.startsWith(
        'Hi Ivy, you are invited to a MultiMFA team: codes texted to +16135550117 will reach you by SMS and e-mail. Accept or reject: ',
      ),
      sms.body,
    );
  });

  it('queues again an invitation SMS left QUEUED without its job (recorded 2 minutes ago), and it reaches the member once', async () => {
    const mfaId = randomUUID();
    await messaging.database.query(
      `INSERT INTO mfa_view (mfa_id, mfa_type, user_id, number, is_subscription_active, is_active)
       VALUES ($1, 'MultiMFA', $2, '+12025550143', true, true)`,
      [mfaId, randomUUID()],
    );
    const smsId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const mobileNo = `+1415556${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const cursor = await messaging.inbox.cursor();
    // As if the process died between the commit and the enqueue: a row, no job.
    await messaging.database.query(
      `INSERT INTO outbound_sms (sms_id, kind, mfa_id, to_number, first_name, sealed_code, expires_at, created_at)
       VALUES ($1, 'MEMBER_INVITATION', $2, $3, 'Lou', $4, now() + interval '7 days', now() - interval '2 minutes')`,
      [smsId, mfaId, mobileNo, sealSecret(messaging.sealingKey, token, smsId)],
    );
    const sweep = messaging.app.get(InvitationSmsService);
    assert.ok((await sweep.requeueLost(60_000)) >= 1);
    await sweep.requeueLost(60_000);
    const sms = await messaging.inbox.waitForSms(mobileNo, { after: cursor, timeoutMs: 30_000 });
    assert.equal(sms.from, '+12025550143');
    assert.ok(sms.body.includes(`/activation/${token}`));
    let status: string | undefined;
    for (let i = 0; i < 100 && status !== 'SENT'; i += 1) {
      if (status) await new Promise((resolve) => setTimeout(resolve, 50));
      [{ status }] = await messaging.database.query('SELECT status FROM outbound_sms WHERE sms_id = $1', [
        smsId,
      ]);
    }
    assert.equal(status, 'SENT');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const texts = await messaging.inbox.messages({ channel: 'sms', to: mobileNo, after: cursor });
    assert.equal(texts.length, 1, 'the second sweep queued nothing new');
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { memberRemoved, userRegistered } from '@multimfa/events';
import type { EmailEntry } from '@multimfa/provider-sandbox';
import { NotFoundError } from '@multimfa/service-runtime';
import { eventually } from '@multimfa/service-runtime/testing';
import { InboundService } from '../inbound/inbound.service.js';
import { registeredUser } from '../testing/directory-events.builder.js';
import {
  type MessagingTestApp,
  publishTeam,
  useMessagingTestApp,
} from '../testing/messaging-test-app.harness.js';
import { OffboardingService } from './offboarding.service.js';

const sid = () => `SM${randomBytes(16).toString('hex')}`;
const DAY = 86_400_000;

describe('offboarding reports (real PostgreSQL, Redis and Kafka; Twilio and SendGrid in the sandbox)', () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  const ownerOf = async (mfaId: string): Promise<string> =>
    (await messaging.database.query('SELECT user_id FROM mfa_view WHERE mfa_id = $1', [mfaId]))[0].user_id;

  it('e-mails the owner and lists on the page, once however often the removal is delivered, the services whose codes the member received in their last 90 days with the last date each', async () => {
    const number = '+14155550123';
    const email = `leaver.${randomBytes(3).toString('hex')}@example.com`;
    const { mfaId, member } = await publishTeam(messaging, number, {
      email,
      firstName: 'Lea',
      lastName: 'Ver',
    });
    const userId = await ownerOf(mfaId);
    const owner = registeredUser(userId);
    await publishTestEvent(messaging.producer, messaging.prefix, userRegistered, owner);
    await eventually('the owner known', async () =>
      (await messaging.database.query('SELECT 1 FROM user_contact WHERE user_id = $1', [userId])).length
        ? true
        : undefined,
    );
    const inbound = messaging.app.get(InboundService);
    const texts = [
      { from: '22000', body: 'G-482915 is your Google verification code.' },
      { from: 'AMAZON', body: '482913 is your Amazon OTP. Do not share it with anyone.' },
      { from: '22000', body: 'G-731904 is your Google verification code.' },
      { from: '+15550001111', body: 'Lunch at noon?' },
    ];
    const ids: string[] = [];
    for (const text of texts)
      ids.push((await inbound.receive({ messageSid: sid(), to: number, ...text })).messageId);
    await eventually('every forward sent', async () => {
      const [row] = await messaging.database.query(
        'SELECT count(*)::int AS n FROM forward WHERE message_id = ANY($1) AND sent_at IS NOT NULL',
        [ids],
      );
      return row.n === texts.length ? true : undefined;
    });
    // A code older than 90 days is not listed: the first Google forward is moved back 100 days.
    await messaging.database.query(
      `UPDATE forward SET created_at = created_at - interval '100 days', sent_at = sent_at - interval '100 days'
        WHERE message_id = $1`,
      [ids[0]],
    );
    const [times] = await messaging.database.query(
      `SELECT max(sent_at) FILTER (WHERE message_id = $1) AS amazon, max(sent_at) FILTER (WHERE message_id = $2) AS google
         FROM forward WHERE message_id = ANY($3)`,
      [ids[1], ids[2], ids],
    );

    const removal = {
      memberId: member.memberId,
      mfaId,
      userId,
      removedAt: new Date().toISOString(),
      firstName: 'Lea',
      lastName: 'Ver',
    };
    await publishTestEvent(messaging.producer, messaging.prefix, memberRemoved, removal);
    const offboarding = messaging.app.get(OffboardingService);
    const [report] = await eventually('the report recorded', async () => {
      const reports = await offboarding.recent(userId, mfaId);
      return reports.length ? reports : undefined;
    });
    expect(report).toMatchObject({ memberId: member.memberId, firstName: 'Lea', lastName: 'Ver' });
    expect(report?.services).toStrictEqual(
      [
        { service: 'Google', lastReceivedAt: (times.google as Date).toISOString() },
        { service: 'Amazon', lastReceivedAt: (times.amazon as Date).toISOString() },
      ].sort((a, b) => b.lastReceivedAt.localeCompare(a.lastReceivedAt)),
    );

    const mail = await eventually('the report e-mailed to the owner', async () => {
      const found = (await messaging.inbox.messages({
        channel: 'email',
        to: owner.emailAddress,
      })) as EmailEntry[];
      return found.find((entry) => entry.subject.startsWith('Offboarding Lea Ver'));
    });
    expect(mail.subject).toBe('Offboarding Lea Ver from Team of the test: accounts to review');
    const day = (at: Date) => at.toISOString().slice(0, 10);
    expect(mail.text).toContain(`Google: last code on ${day(times.google as Date)}`);
    expect(mail.text).toContain(`Amazon: last code on ${day(times.amazon as Date)}`);
    for (const code of ['482915', '482913', '731904']) expect(mail.text).not.toContain(code);
  });

  it("answers 404 for another customer's MultiMFA, as for one that does not exist", async () => {
    const { mfaId } = await publishTeam(messaging, '+14155550124');
    const userId = await ownerOf(mfaId);
    const offboarding = messaging.app.get(OffboardingService);
    expect(await offboarding.recent(userId, mfaId)).toStrictEqual([]);
    await expect(offboarding.recent(randomUUID(), mfaId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(offboarding.recent(userId, randomUUID())).rejects.toBeInstanceOf(NotFoundError);
  });

  it('records a report once when the removal is delivered twice', async () => {
    const { mfaId, member } = await publishTeam(messaging, '+14155550125');
    const envelopeId = randomUUID();
    const removal = {
      memberId: member.memberId,
      mfaId,
      userId: await ownerOf(mfaId),
      removedAt: new Date(Date.now() - DAY).toISOString(),
    };
    const service = messaging.app.get(OffboardingService);
    for (let delivery = 0; delivery < 2; delivery += 1)
      await messaging.database.transaction((manager) => service.recordRemoval(manager, envelopeId, removal));
    const rows = await messaging.database.query(
      'SELECT first_name, last_name, services FROM offboarding_report WHERE member_id = $1',
      [member.memberId],
    );
    // No name in an older removal event: the name comes from what messaging knows (none forwarded: empty).
    expect(rows).toStrictEqual([{ first_name: '', last_name: '', services: [] }]);
  });
});

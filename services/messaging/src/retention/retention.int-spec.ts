import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { mfaUpdated } from '@multimfa/events';
import { FixedClock, LOGGER, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { eventually } from '@multimfa/service-runtime/testing';
import { Queue } from 'bullmq';
import { InboundService } from '../inbound/inbound.service.js';
import { QueueName, RETENTION_SWEEP_SCHEDULER_ID } from '../queue/queues.constants.js';
import { mfaState } from '../testing/directory-events.builder.js';
import { inboundMessage, insertInboundMessage } from '../testing/inbound-message.builder.js';
import {
  type MessagingTestApp,
  publishTeam,
  useMessagingTestApp,
} from '../testing/messaging-test-app.harness.js';
import { ContentRetentionRepository } from './content-retention.repository.js';
import { RetentionService } from './retention.service.js';

const DAY = 86_400_000;
const sid = () => `SM${randomBytes(16).toString('hex')}`;

describe("retention: bodies and codes deleted after the MFA's retention (real PostgreSQL, Redis and Kafka)", () => {
  let messaging: MessagingTestApp;

  useMessagingTestApp((started) => {
    messaging = started;
  });

  /** The test database as the builder's SQL client. */
  const sql = () => ({
    query: async (text: string, values?: unknown[]) => ({
      rows: await messaging.database.query(text, values),
    }),
  });

  /** The sweep as it runs at `clock`'s now (the service takes the clock it is given). */
  const sweepAt = (clock: FixedClock) =>
    new RetentionService(
      messaging.app.get(ContentRetentionRepository),
      clock,
      messaging.app.get(LOGGER),
    ).sweep();

  const content = async (messageIds: string[]) =>
    Object.fromEntries(
      (
        await messaging.database.query(
          `SELECT message_id, body, code, code_service, from_number, received_at, content_deleted_at
             FROM inbound_message WHERE message_id = ANY($1)`,
          [messageIds],
        )
      ).map((row: Record<string, unknown>) => [row.message_id, row]),
    );

  it("takes the MFA's retention from numbers' event and deletes body and code once the clock passes it, keeping sender, time and service; others wait for theirs (30 days by default)", async () => {
    const now = new Date('2027-03-01T12:00:00Z');
    const clock = new FixedClock(now);
    const short = mfaState();
    await publishTestEvent(messaging.producer, messaging.prefix, mfaUpdated, {
      ...short,
      retentionDays: 7,
      purchaseId: null,
      updatedAt: now.toISOString(),
    });
    await eventually('the retention applied', async () => {
      const rows = await messaging.database.query(
        'SELECT retention_days FROM mfa_retention WHERE mfa_id = $1',
        [short.mfaId],
      );
      return rows[0]?.retention_days === 7 ? true : undefined;
    });
    const defaulted = mfaState();
    await messaging.database.query(
      `INSERT INTO mfa_view (mfa_id, mfa_type, user_id, is_subscription_active, is_active) VALUES ($1, 'MultiMFA', $2, true, true)`,
      [defaulted.mfaId, defaulted.userId],
    );
    const text = (mfaId: string | null, daysAgo: number) =>
      inboundMessage({
        mfaId: mfaId as string,
        mfaType: mfaId ? 'MultiMFA' : null,
        body: 'G-482915 is your Google verification code.',
        code: '482915',
        codeService: 'Google',
        receivedAt: new Date(now.getTime() - daysAgo * DAY),
      });
    const eightDaysOld = text(short.mfaId, 8);
    const sixDaysOld = text(short.mfaId, 6);
    const defaultEightDays = text(defaulted.mfaId, 8);
    const defaultThirtyOne = text(defaulted.mfaId, 31);
    const unownedThirtyOne = { ...text(null, 31), mfaId: null };
    for (const message of [eightDaysOld, sixDaysOld, defaultEightDays, defaultThirtyOne, unownedThirtyOne])
      await insertInboundMessage(sql(), message);
    const ids = [eightDaysOld, sixDaysOld, defaultEightDays, defaultThirtyOne, unownedThirtyOne].map(
      (m) => m.messageId,
    );

    await sweepAt(clock);
    let rows = await content(ids);
    expect(rows[eightDaysOld.messageId]).toMatchObject({ body: '', code: null, code_service: 'Google' });
    expect(rows[eightDaysOld.messageId].content_deleted_at).toStrictEqual(now);
    expect(rows[eightDaysOld.messageId].from_number).toBe(eightDaysOld.fromNumber);
    expect(rows[eightDaysOld.messageId].received_at).toStrictEqual(eightDaysOld.receivedAt);
    expect(rows[defaultThirtyOne.messageId]).toMatchObject({ body: '', code: null, code_service: 'Google' });
    expect(rows[unownedThirtyOne.messageId]).toMatchObject({ body: '', code: null });
    for (const kept of [sixDaysOld, defaultEightDays])
      expect(rows[kept.messageId]).toMatchObject({
        body: kept.body,
        code: '482915',
        content_deleted_at: null,
      });

    // Two days on, the six-day-old text is past its MFA's seven days; the default's eight-day-old one is not.
    clock.advance(2 * DAY);
    await sweepAt(clock);
    rows = await content(ids);
    expect(rows[sixDaysOld.messageId]).toMatchObject({ body: '', code: null, code_service: 'Google' });
    expect(rows[defaultEightDays.messageId]).toMatchObject({ body: defaultEightDays.body, code: '482915' });
    // Already deleted: a later sweep does not touch them again.
    expect(rows[eightDaysOld.messageId].content_deleted_at).toStrictEqual(now);
  });

  it('deletes in batches until every expired text is done', async () => {
    const clock = new FixedClock(new Date('2027-06-01T00:00:00Z'));
    const mfa = mfaState();
    await messaging.database.query(
      `INSERT INTO mfa_view (mfa_id, mfa_type, user_id, is_subscription_active, is_active) VALUES ($1, 'RoboMFA', $2, true, true)`,
      [mfa.mfaId, mfa.userId],
    );
    await messaging.database.query('INSERT INTO mfa_retention (mfa_id, retention_days) VALUES ($1, 1)', [
      mfa.mfaId,
    ]);
    const many = 1_203;
    await messaging.database.query(
      `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body, code, received_at)
       SELECT gen_random_uuid(), 'SM' || md5(random()::text), $1, 'RoboMFA', '+14155550100', 'Google', 'code 111222', '111222',
              $2::timestamptz - interval '2 days' - g * interval '1 second'
         FROM generate_series(1, $3) g`,
      [mfa.mfaId, clock.now(), many],
    );
    const [before] = await messaging.database.query(
      'SELECT count(*)::int AS n FROM inbound_message WHERE mfa_id = $1 AND content_deleted_at IS NULL',
      [mfa.mfaId],
    );
    expect(before.n).toBe(many);
    expect(await sweepAt(clock)).toBeGreaterThanOrEqual(many);
    const [after] = await messaging.database.query(
      `SELECT count(*)::int AS n FROM inbound_message WHERE mfa_id = $1 AND (content_deleted_at IS NULL OR body <> '' OR code IS NOT NULL)`,
      [mfa.mfaId],
    );
    expect(after.n).toBe(0);
  });

  it("leaves no copy of a forwarded text's body or code anywhere in messaging's database once past retention", async () => {
    const number = '+14155550123';
    const email = `retained.${randomBytes(3).toString('hex')}@example.com`;
    await publishTeam(messaging, number, { email });
    const code = String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000));
    const body = `G-${code} is your Google verification code.`;
    const receivedAt = new Date(Date.now() - 31 * DAY);
    const { messageId } = await messaging.app
      .get(InboundService)
      .receive({ messageSid: sid(), from: '22000', to: number, body }, receivedAt);
    await eventually('the forward sent', async () => {
      const rows = await messaging.database.query(
        'SELECT 1 FROM forward WHERE message_id = $1 AND sent_at IS NOT NULL',
        [messageId],
      );
      return rows.length ? true : undefined;
    });

    const copies = async () => {
      const columns: Array<{ table_name: string; column_name: string }> = await messaging.database.query(
        `SELECT table_name, column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'jsonb')`,
      );
      const found: string[] = [];
      for (const { table_name, column_name } of columns) {
        const [row] = await messaging.database.query(
          `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}"::text LIKE '%' || $1 || '%'`,
          [code],
        );
        if (row.n) found.push(`${table_name}.${column_name}`);
      }
      return found.sort();
    };
    expect(await copies()).toStrictEqual(['inbound_message.body', 'inbound_message.code']);
    await sweepAt(new FixedClock(new Date()));
    expect(await copies()).toStrictEqual([]);
    const [kept] = await messaging.database.query(
      `SELECT m.from_number, m.code_service, f.status, (SELECT count(*)::int FROM message_log l WHERE l.message_id = m.message_id) AS logs
         FROM inbound_message m JOIN forward f USING (message_id) WHERE m.message_id = $1`,
      [messageId],
    );
    expect(kept).toMatchObject({ from_number: '22000', code_service: 'Google', logs: 1 });
    expect(['sent', 'delivered']).toContain(kept.status);
  });

  it('schedules the sweep under one job scheduler id, whichever replica registers it', async () => {
    const queue = new Queue(QueueName.Retention, {
      connection: messaging.app.get(QUEUE_CONNECTION),
      prefix: messaging.app.get(QUEUE_PREFIX),
    });
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers.map((s) => s.key)).toStrictEqual([RETENTION_SWEEP_SCHEDULER_ID]);
    } finally {
      await queue.close();
    }
  });
});

import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BotMessage, BotMessagePage } from '@multimfa/api-contract';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { mfaCreated } from '@multimfa/events';
import type { BotWaitLimits, RoboMfaMessagesList } from '@multimfa/service-contracts/messaging';
import { eventually, testInfrastructure } from '@multimfa/service-runtime/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createdMfa } from '../testing/directory-events.builder.js';
import { deliverInboundMessage, inboundMessage } from '../testing/inbound-message.builder.js';
import { type MessagingTestApp, startMessagingTestApp } from '../testing/messaging-test-app.harness.js';
import { BotActionsRecorder } from './bot-actions.recorder.js';
import { BotMessageActionsRepository } from './bot-message-actions.repository.js';

describe('what bots did with their RoboMFA’s texts (real PostgreSQL, Redis, Kafka)', () => {
  let messaging: MessagingTestApp;
  let db: pg.Pool;
  const redis = new Redis(testInfrastructure.redisUrl);

  beforeAll(async () => {
    messaging = await startMessagingTestApp({ BOT_WAITS_PER_KEY: '7', BOT_WAITS_PER_ROBOMFA: '70' });
    db = new pg.Pool({ connectionString: messaging.databaseUrl, max: 4 });
  });

  afterAll(async () => {
    await db?.end();
    redis.disconnect();
    await messaging?.close();
  });

  /** An MFA of `MFAType` in messaging's directory, owned by a new user. */
  async function mfa(MFAType: 'RoboMFA' | 'MultiMFA' = 'RoboMFA') {
    const created = createdMfa({ MFAType });
    await publishTestEvent(messaging.producer, messaging.prefix, mfaCreated, created);
    await eventually('the MFA in the directory', async () => {
      const rows = await messaging.database.query('SELECT 1 FROM mfa_view WHERE mfa_id = $1', [
        created.mfaId,
      ]);
      return rows.length ? true : undefined;
    });
    return { mfaId: created.mfaId, userId: created.userId };
  }

  /** A bot of the MFA as the gateway registers it; its feed's path. */
  async function bot(robo: { mfaId: string; userId: string }) {
    const botId = randomUUID();
    const keyHash = createHash('sha256')
      .update(`mmfa_bot_${randomBytes(32).toString('base64url')}`)
      .digest('hex');
    const registered = await messaging.call('PUT', `/bot-feed/bots/${botId}`, {
      mfaId: robo.mfaId,
      userId: robo.userId,
      keyHash,
      isActive: true,
      createdAt: new Date().toISOString(),
    });
    assert.equal(registered.status, 200, JSON.stringify(registered.body));
    return { botId, feed: `/bot-feed/keys/${keyHash}/messages` };
  }

  const recorded = async (messageId: string) =>
    (
      await db.query<{ bot_id: string; action: string; at: Date }>(
        'SELECT bot_id, action, at FROM bot_message_action WHERE message_id = $1 ORDER BY at, action',
        [messageId],
      )
    ).rows;

  it('records each bot’s read, wait and claim once, keeping the first time, and lists the texts newest first with them; a losing claim is not recorded', async () => {
    const robo = await mfa();
    const reader = await bot(robo);
    const claimer = await bot(robo);
    const first = inboundMessage({ mfaId: robo.mfaId, body: 'Your code is 111111', code: '111111' });
    const second = inboundMessage({ mfaId: robo.mfaId, body: 'Your code is 222222', code: '222222' });
    await deliverInboundMessage(db, redis, first);
    await deliverInboundMessage(db, redis, second);

    const page = await messaging.call<BotMessagePage>('GET', `${reader.feed}?limit=10`);
    assert.equal(page.body.messages.length, 2);
    const readAt = (await recorded(first.messageId))[0]?.at;
    // Read again, twice at once: still one row per text, bot and action, with the first time.
    await Promise.all([
      messaging.call('GET', `${reader.feed}?limit=10`),
      messaging.call('GET', `${reader.feed}?limit=10`),
    ]);
    const cursor = page.body.messages[0]?.cursor ?? '';
    const waited = await messaging.call<BotMessage>('GET', `${claimer.feed}/next?since=${cursor}&timeout=1`);
    assert.equal(waited.body.messageId, second.messageId);
    assert.equal((await messaging.call('POST', `${claimer.feed}/${second.messageId}/claim`)).status, 200);
    assert.equal((await messaging.call('POST', `${reader.feed}/${second.messageId}/claim`)).status, 409);

    expect((await recorded(first.messageId)).map((row) => [row.bot_id, row.action, row.at])).toStrictEqual([
      [reader.botId, 'read', readAt],
    ]);
    expect((await recorded(second.messageId)).map((row) => [row.bot_id, row.action])).toStrictEqual([
      [reader.botId, 'read'],
      [claimer.botId, 'waited'],
      [claimer.botId, 'claimed'],
    ]);

    const list = await messaging.call<RoboMfaMessagesList>(
      'GET',
      `/robo-mfas/${robo.mfaId}/messages?userId=${robo.userId}`,
    );
    assert.equal(list.status, 200);
    expect(
      list.body.messages.map((message) => [message.messageId, message.hasCode, message.withheld]),
    ).toStrictEqual([
      [second.messageId, true, false],
      [first.messageId, true, false],
    ]);
    expect(list.body.messages[0]?.bots.map((action) => [action.botId, action.action])).toStrictEqual([
      [reader.botId, 'read'],
      [claimer.botId, 'waited'],
      [claimer.botId, 'claimed'],
    ]);
    expect(list.body.messages[1]?.bots).toStrictEqual([
      { botId: reader.botId, action: 'read', at: readAt?.toISOString() },
    ]);
  });

  it('records the reads of ten bots answered in the same turn in one statement, each caller resolving once its row is written; a text gone meanwhile fails only its own caller', async () => {
    const robo = await mfa();
    const text = inboundMessage({ mfaId: robo.mfaId, body: 'Your code is 333333', code: '333333' });
    await deliverInboundMessage(db, redis, text);
    const repository = messaging.app.get(BotMessageActionsRepository);
    const recorder = messaging.app.get(BotActionsRecorder);
    const statements: number[] = [];
    const recordAll = repository.recordAll.bind(repository);
    repository.recordAll = (rows) => {
      statements.push(rows.length);
      return recordAll(rows);
    };
    try {
      const bots = Array.from({ length: 10 }, () => randomUUID());
      const at = new Date();
      await Promise.all(bots.map((botId) => recorder.record(botId, 'read', [text.messageId], at)));
      expect(statements).toStrictEqual([10]);
      expect((await recorded(text.messageId)).map((row) => row.bot_id).sort()).toStrictEqual(bots.sort());

      statements.length = 0;
      const gone = randomUUID();
      const outcomes = await Promise.allSettled([
        recorder.record(randomUUID(), 'waited', [text.messageId], at),
        recorder.record(randomUUID(), 'waited', [gone], at),
        recorder.record(randomUUID(), 'waited', [text.messageId], at),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toStrictEqual(['fulfilled', 'rejected', 'fulfilled']);
      // The shared statement failed on the text that is gone; each caller's rows were then written alone.
      expect(statements).toStrictEqual([3, 1, 1, 1]);
      expect((await recorded(text.messageId)).filter((row) => row.action === 'waited')).toHaveLength(2);
    } finally {
      repository.recordAll = recordAll;
    }
  });

  it('marks a text withheld (it came while the subscription was expired) and shows no bot read it', async () => {
    const robo = await mfa();
    const kept = inboundMessage({ mfaId: robo.mfaId });
    await deliverInboundMessage(db, redis, kept);
    await db.query('INSERT INTO withheld_message (message_id, withheld_at) VALUES ($1, now())', [
      kept.messageId,
    ]);
    const list = await messaging.call<RoboMfaMessagesList>(
      'GET',
      `/robo-mfas/${robo.mfaId}/messages?userId=${robo.userId}`,
    );
    expect(
      list.body.messages.map(({ messageId, withheld, bots }) => ({ messageId, withheld, bots })),
    ).toStrictEqual([{ messageId: kept.messageId, withheld: true, bots: [] }]);
  });

  it("attack: another customer asking for a RoboMFA's texts, or its owner asking through a MultiMFA's id, gets 404", async () => {
    const robo = await mfa();
    const team = await mfa('MultiMFA');
    await deliverInboundMessage(db, redis, inboundMessage({ mfaId: robo.mfaId }));
    const notFound = {
      status: 404,
      body: { isError: true, message: 'RoboMFA not found', data: { code: 'ROBO_MFA_NOT_FOUND' } },
    };
    expect(
      await messaging.call('GET', `/robo-mfas/${robo.mfaId}/messages?userId=${randomUUID()}`),
    ).toStrictEqual(notFound);
    expect(
      await messaging.call('GET', `/robo-mfas/${team.mfaId}/messages?userId=${team.userId}`),
    ).toStrictEqual(notFound);
    expect(
      await messaging.call('GET', `/robo-mfas/${randomUUID()}/messages?userId=${robo.userId}`),
    ).toStrictEqual(notFound);
  });

  it('tells the caps on open waits it is configured with', async () => {
    expect(await messaging.call<BotWaitLimits>('GET', '/bot-feed/limits')).toStrictEqual({
      status: 200,
      body: { waitsPerKey: 7, waitsPerRoboMfa: 70 },
    });
  });
});

import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BotMessage, BotMessagePage } from '@multimfa/api-contract';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { botCreated, botRemoved } from '@multimfa/events';
import { messageArrivalChannel } from '@multimfa/service-contracts/messaging';
import { testGatewayCaller, testInfrastructure } from '@multimfa/service-runtime/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  deliverInboundMessage,
  inboundMessage,
  insertInboundMessage,
} from '../testing/inbound-message.builder.js';
import { type MessagingTestApp, startMessagingTestApp } from '../testing/messaging-test-app.harness.js';
import { Arrivals, type RedisArrivals } from './arrivals.channel.js';

type Answer<T> = { status: number; body: T };

describe('the bot feed in messaging (real PostgreSQL, Redis pub/sub, Kafka)', () => {
  let messaging: MessagingTestApp;
  let db: pg.Pool;
  const redis = new Redis(testInfrastructure.redisUrl);

  async function call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${messaging.baseUrl}${path}`, {
      method,
      headers: {
        ...(await testGatewayCaller.headers('messaging')),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A bot numbers created, told to messaging by its event; resolves once its key works. */
  async function bot(mfaId = randomUUID()) {
    const key = `mmfa_bot_${randomBytes(32).toString('base64url')}`;
    const payload = {
      botId: randomUUID(),
      mfaId,
      userId: randomUUID(),
      referenceName: 'ci',
      keyHash: createHash('sha256').update(key).digest('hex'),
      isActive: true,
      createdAt: new Date().toISOString(),
    };
    await publishTestEvent(messaging.producer, messaging.prefix, botCreated, payload);
    const feed = `/bot-feed/keys/${payload.keyHash}/messages`;
    for (let i = 0; (await call('GET', `${feed}?limit=1`)).status !== 200; i += 1) {
      if (i > 300) assert.fail('the bot created event was not applied');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ...payload, key, feed };
  }

  beforeAll(async () => {
    messaging = await startMessagingTestApp();
    db = new pg.Pool({ connectionString: messaging.databaseUrl, max: 4 });
  });

  afterAll(async () => {
    await db?.end();
    redis.disconnect();
    await messaging?.close();
  });

  it("lists only the bot's own MFA's texts, oldest first, one page at a time with the cursor", async () => {
    const mine = await bot();
    const first = inboundMessage({ mfaId: mine.mfaId, fromNumber: 'Google', codeService: 'Google' });
    const second = inboundMessage({ mfaId: mine.mfaId, body: 'Code 111222', code: '111222' });
    await deliverInboundMessage(db, redis, first);
    await deliverInboundMessage(db, redis, inboundMessage({ mfaId: randomUUID(), body: 'not yours 999999' }));
    await deliverInboundMessage(db, redis, second);

    const page = await call<BotMessagePage>('GET', `${mine.feed}?limit=1`);
    assert.equal(page.status, 200);
    expect(page.body).toStrictEqual({
      messages: [
        {
          messageId: first.messageId,
          code: '482913',
          service: 'Google',
          sender: 'Google',
          body: first.body,
          receivedAt: first.receivedAt.toISOString(),
          cursor: expect.any(String),
        },
      ],
      cursor: page.body.messages[0]?.cursor,
      hasMore: true,
    });
    const rest = await call<BotMessagePage>('GET', `${mine.feed}?limit=10&since=${page.body.cursor}`);
    assert.deepEqual(
      rest.body.messages.map((message) => message.messageId),
      [second.messageId],
    );
    assert.equal(rest.body.hasMore, false);
  });

  it('never serves a text behind a cursor when an earlier insert commits after a later one', async () => {
    const mine = await bot();
    const early = await db.connect();
    const late = await db.connect();
    try {
      await early.query('BEGIN');
      await late.query('BEGIN');
      const first = await insertInboundMessage(
        early,
        inboundMessage({ mfaId: mine.mfaId, body: 'early 100001' }),
      );
      const second = await insertInboundMessage(
        late,
        inboundMessage({ mfaId: mine.mfaId, body: 'late 100002' }),
      );
      assert.ok(BigInt(first.feedPosition) < BigInt(second.feedPosition));
      await late.query('COMMIT');

      // The later text has committed, but the earlier one may still commit: nothing is served past it.
      const before = await call<BotMessagePage>('GET', `${mine.feed}?limit=10`);
      assert.deepEqual(before.body.messages, []);

      await early.query('COMMIT');
      const after = await call<BotMessagePage>('GET', `${mine.feed}?limit=10&since=${before.body.cursor}`);
      assert.deepEqual(
        after.body.messages.map((message) => message.messageId),
        [first.messageId, second.messageId],
      );
    } finally {
      early.release();
      late.release();
    }
  });

  it('serves the texts of one transaction by feed position as numbers (999999999 before 1000000000)', async () => {
    const mine = await bot();
    const client = await db.connect();
    const first = inboundMessage({ mfaId: mine.mfaId, body: 'first 100003' });
    const second = inboundMessage({ mfaId: mine.mfaId, body: 'second 100004' });
    try {
      await client.query('BEGIN');
      for (const [message, position] of [
        [first, 999_999_999],
        [second, 1_000_000_000],
      ] as const) {
        await insertInboundMessage(client, message);
        await client.query('UPDATE inbound_message SET feed_position = $2 WHERE message_id = $1', [
          message.messageId,
          position,
        ]);
      }
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const page = await call<BotMessagePage>('GET', `${mine.feed}?limit=10`);
    assert.deepEqual(
      page.body.messages.map((message) => message.messageId),
      [first.messageId, second.messageId],
    );
    const next = await call<BotMessage>(
      'GET',
      `${mine.feed}/next?since=${page.body.messages[0]?.cursor}&timeout=0`,
    );
    assert.equal(next.body.messageId, second.messageId);
  });

  it('answers a wait at once when a text after the cursor is already there', async () => {
    const mine = await bot();
    const start = await call<BotMessagePage>('GET', `${mine.feed}?limit=10`);
    const sent = inboundMessage({ mfaId: mine.mfaId });
    await deliverInboundMessage(db, redis, sent);
    const next = await call<BotMessage>('GET', `${mine.feed}/next?since=${start.body.cursor}&timeout=25`);
    assert.equal(next.status, 200);
    assert.equal(next.body.messageId, sent.messageId);
  });

  it('wakes a waiting bot with the text announced during its wait', async () => {
    const mine = await bot();
    const waiting = call<BotMessage>('GET', `${mine.feed}/next?timeout=20`);
    const arrivals = messaging.app.get(Arrivals) as RedisArrivals;
    for (let i = 0; arrivals.subscribedChannels() === 0; i += 1) {
      if (i > 200) assert.fail('the wait did not subscribe');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const sent = inboundMessage({ mfaId: mine.mfaId, body: 'G-204455 is your Google verification code' });
    await deliverInboundMessage(db, redis, sent);
    const next = await waiting;
    assert.equal(next.status, 200);
    assert.equal(next.body.messageId, sent.messageId);
    assert.equal(next.body.body, sent.body);
  });

  it('gives a waiting bot a text that committed unannounced behind an older open transaction, once that transaction ends', async () => {
    const mine = await bot();
    const start = await call<BotMessagePage>('GET', `${mine.feed}?limit=0`);
    const older = await db.connect();
    try {
      await older.query('BEGIN');
      await insertInboundMessage(older, inboundMessage({ mfaId: randomUUID(), body: 'older 100003' }));
      // Committed, never announced (its announcement went out before anyone listened).
      const sent = await insertInboundMessage(
        db,
        inboundMessage({ mfaId: mine.mfaId, body: 'unannounced 100004' }),
      );
      const waiting = call<BotMessage>('GET', `${mine.feed}/next?timeout=20&since=${start.body.cursor}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await older.query('COMMIT');
      const committed = performance.now();
      const next = await waiting;
      assert.equal(next.status, 200);
      assert.equal(next.body.messageId, sent.messageId);
      // Answered once the older transaction ended, not by the look a wait takes at its 20 s timeout.
      assert.ok(performance.now() - committed < 10_000, 'answered long before the wait timed out');
    } finally {
      older.release();
    }
  });

  it('answers 204 without a body when nothing comes within the timeout', async () => {
    const mine = await bot();
    const response = await fetch(`${messaging.baseUrl}${mine.feed}/next?timeout=1`, {
      headers: await testGatewayCaller.headers('messaging'),
    });
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
  });

  it('waits past texts from other senders for the sender asked for', async () => {
    const mine = await bot();
    const start = await call<BotMessagePage>('GET', `${mine.feed}?limit=10`);
    const waiting = call<BotMessage>(
      'GET',
      `${mine.feed}/next?since=${start.body.cursor}&sender=Steam&timeout=20`,
    );
    await deliverInboundMessage(db, redis, inboundMessage({ mfaId: mine.mfaId, fromNumber: 'Bank' }));
    const wanted = inboundMessage({
      mfaId: mine.mfaId,
      fromNumber: 'Steam',
      body: 'Steam Guard code: 7KQ2F',
    });
    await deliverInboundMessage(db, redis, wanted);
    const next = await waiting;
    assert.equal(next.body.messageId, wanted.messageId);
  });

  it("never shows a bot another MFA's text: not listed, not waited for, claim 404", async () => {
    const mine = await bot();
    const other = await bot();
    const start = await call<BotMessagePage>('GET', `${mine.feed}?limit=10`);
    const waiting = call<BotMessage>('GET', `${mine.feed}/next?since=${start.body.cursor}&timeout=2`);
    const theirs = inboundMessage({ mfaId: other.mfaId });
    await deliverInboundMessage(db, redis, theirs);
    assert.equal((await waiting).status, 204);
    const listed = await call<BotMessagePage>('GET', `${mine.feed}?limit=100`);
    assert.deepEqual(listed.body.messages, []);
    const claim = await call<{ isError: boolean; message: string }>(
      'POST',
      `${mine.feed}/${theirs.messageId}/claim`,
    );
    assert.equal(claim.status, 404);
    expect(claim.body).toMatchObject({ isError: true, message: 'Message not found' });
  });

  it('gives a message to exactly one of two bots claiming it at the same time', async () => {
    const left = await bot();
    const right = await bot(left.mfaId);
    const sent = inboundMessage({ mfaId: left.mfaId });
    await deliverInboundMessage(db, redis, sent);
    const answers = await Promise.all(
      [left, right].map((claimer) =>
        call<{ data?: unknown; botId?: string }>('POST', `${claimer.feed}/${sent.messageId}/claim`),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
    const winner = answers.find((answer) => answer.status === 200)?.body.botId;
    const { rows } = await db.query('SELECT bot_id FROM message_claim WHERE message_id = $1', [
      sent.messageId,
    ]);
    assert.deepEqual(rows, [{ bot_id: winner }]);
  });

  it("refuses a removed bot's key, and keeps it refused when the removal overtook the creation", async () => {
    const removed = await bot();
    await publishTestEvent(messaging.producer, messaging.prefix, botRemoved, {
      botId: removed.botId,
      mfaId: removed.mfaId,
      userId: removed.userId,
      keyHash: removed.keyHash,
      removedAt: new Date().toISOString(),
    });
    for (let i = 0; (await call('GET', `${removed.feed}?limit=1`)).status !== 401; i += 1) {
      if (i > 300) assert.fail('the bot removed event was not applied');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const botId = randomUUID();
    const keyHash = createHash('sha256')
      .update(`mmfa_bot_${randomBytes(32).toString('base64url')}`)
      .digest('hex');
    assert.equal((await call('DELETE', `/bot-feed/bots/${botId}`)).status, 200);
    const registered = await call<{ revoked: boolean }>('PUT', `/bot-feed/bots/${botId}`, {
      mfaId: randomUUID(),
      userId: randomUUID(),
      keyHash,
      isActive: true,
      createdAt: new Date().toISOString(),
    });
    assert.equal(registered.body.revoked, true);
    const read = await call<{ isError: boolean; message: string }>(
      'GET',
      `/bot-feed/keys/${keyHash}/messages`,
    );
    assert.equal(read.status, 401);
    expect(read.body).toMatchObject({ isError: true, message: 'Invalid API key' });
  });

  it("dates a new watch on a subscribed channel from the channel's last announcement, and first gives it that announcement", async () => {
    const arrivals = messaging.app.get(Arrivals) as RedisArrivals;
    const mfaId = randomUUID();
    const announce = async (watch: Awaited<ReturnType<Arrivals['watch']>>) => {
      const sent = performance.now();
      const arrival = { mfaId, messageId: randomUUID(), feedPosition: '1', xact: '1' };
      await redis.publish(messageArrivalChannel(mfaId), JSON.stringify(arrival));
      await watch.waitFor(5000);
      assert.deepEqual(watch.take(), [arrival]);
      return { arrival, sent, received: performance.now() };
    };
    const first = await arrivals.watch(mfaId);
    const announced = await announce(first);
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const beforeSecond = performance.now();
    const second = await arrivals.watch(mfaId);
    assert.ok(second.freshAfter > announced.sent, 'fresh after the announcement it could not see');
    assert.ok(second.freshAfter <= announced.received, 'dated from the announcement');
    assert.ok(second.freshAfter < beforeSecond, 'a read sent before the watch began serves it');
    assert.deepEqual(second.take(), [announced.arrival], 'told of the text announced just before it');
    const again = await announce(second);
    second.close();
    const third = await arrivals.watch(mfaId);
    assert.ok(third.freshAfter > again.sent, 'not served by a read sent before the later announcement');
    third.close();
  });

  it('holds many waits on one subscription and no database connection', async () => {
    // Ten bots of one RoboMFA, four waits each: within the caps (10 per key, 100 per RoboMFA).
    const first = await bot();
    const pool = [first, ...(await Promise.all(Array.from({ length: 9 }, () => bot(first.mfaId))))];
    const waits = Array.from({ length: 40 }, (_, i) =>
      call('GET', `${pool[i % pool.length]?.feed}/next?timeout=3`),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { rows } = await db.query(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'
         AND query ~ '(inbound_message|feed_bot|pg_snapshot)'`,
    );
    assert.equal(rows[0].busy, 0, 'no connection of messaging is busy while 40 bots wait');
    assert.equal((messaging.app.get(Arrivals) as RedisArrivals).subscribedChannels(), 1);
    const answers = await Promise.all(waits);
    assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([204]));
  });
});

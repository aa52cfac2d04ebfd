import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createKafka, readTopic } from '@multimfa/event-bus';
import { type EventEnvelope, messageReceived, type PayloadOf } from '@multimfa/events';
import { eventually, testLogger } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { PrivateKafka } from '../testing/private-kafka.harness.js';
import {
  mailedCodes,
  notExactlyOnce,
  sleep,
  streamCodes,
  streamTexts,
  TextingStack,
  textedCodes,
} from '../testing/text-stream.fixture.js';

/** The sandbox account's number of the team: Twilio logs every text it receives. */
const NUMBER = '+14155550185';
const RATE_PER_SECOND = 2;
const STREAM_SECONDS = 40;
const KILL_AT_SECONDS = 8;
const DOWN_SECONDS = 20;

type Received = PayloadOf<typeof messageReceived>;

describe('texts and their events while the Kafka broker is SIGKILLed and restarted (a private broker; the gateway, messaging as a process, admin-reporting consuming, PostgreSQL, Redis; Twilio and SendGrid in the sandbox)', () => {
  const broker = new PrivateKafka();
  let texting: TextingStack;
  let messagingDb: pg.Client;
  let reportingDb: pg.Client;

  beforeAll(async () => {
    await broker.start();
    texting = new TextingStack(NUMBER, await broker.brokers());
    await texting.start();
    const reporting = await texting.stack.startAdminReporting();
    messagingDb = new pg.Client({ connectionString: texting.messaging.databaseUrl });
    await messagingDb.connect();
    reportingDb = new pg.Client({ connectionString: reporting.databaseUrl });
    await reportingDb.connect();
  }, 180_000);

  afterAll(async () => {
    await messagingDb?.end();
    await reportingDb?.end();
    await texting?.stop();
    await broker.destroy();
  });

  it(`forwards each of ${RATE_PER_SECOND * STREAM_SECONDS} codes once, and admin-reporting counts each text and forward once, in order per partition, when the broker is killed for ${DOWN_SECONDS} s mid-stream`, async () => {
    const { inbox } = texting;
    const team = await texting.team(messagingDb);
    const codes = streamCodes(RATE_PER_SECOND * STREAM_SECONDS);
    const outage = (async () => {
      await sleep(KILL_AT_SECONDS * 1000);
      await broker.kill();
      await sleep(DOWN_SECONDS * 1000);
      await broker.start();
    })();
    await streamTexts(inbox, NUMBER, codes, RATE_PER_SECOND);
    await outage;

    // The hot path holds no Kafka call: every code went out once, broker or not.
    expect(notExactlyOnce(codes, await textedCodes(inbox, team, codes.length))).toStrictEqual({});
    expect(notExactlyOnce(codes, await mailedCodes(inbox, team, codes.length))).toStrictEqual({});

    // What the outbox published during the outage reached the consumer after it, each applied once.
    const counts = await eventually(
      'admin-reporting counted every text and forward',
      async () => {
        const { rows } = await reportingDb.query<{ channel: string; n: number }>(
          'SELECT channel, sum(count)::int AS n FROM message_count GROUP BY channel ORDER BY channel',
        );
        const byChannel = Object.fromEntries(rows.map((row) => [row.channel, row.n]));
        return byChannel.IN >= codes.length &&
          byChannel.SMS >= codes.length &&
          byChannel.EMAIL >= codes.length
          ? byChannel
          : undefined;
      },
      180_000,
    );
    expect(counts).toStrictEqual({ EMAIL: codes.length, IN: codes.length, SMS: codes.length });
    const { rows: unpublished } = await messagingDb.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NULL',
    );
    expect(unpublished[0]?.n).toBe(0);

    // On the topic: every text's event at least once (a batch cut by the kill may be published again:
    // the consumer's eventId check above applied it once), first appearances in the order received.
    const kafka = createKafka({
      clientId: 'broker-fault-reader',
      brokers: await broker.brokers(),
      logger: testLogger('kafka'),
    });
    const published = await readTopic(kafka, `${texting.stack.topicPrefix}${messageReceived.topic.name}`);
    const firstSeen = new Map<string, { partition: number; receivedAt: string }>();
    for (const { partition, message } of published) {
      const event = JSON.parse(message.value?.toString('utf8') ?? '{}') as EventEnvelope<Received>;
      if (event.type !== messageReceived.type || event.payload.mfaId !== team.mfaId) continue;
      if (!firstSeen.has(event.payload.messageId))
        firstSeen.set(event.payload.messageId, { partition, receivedAt: event.payload.receivedAt });
    }
    expect(firstSeen.size).toBe(codes.length);
    const outOfOrder: string[] = [];
    const lastByPartition = new Map<number, string>();
    for (const [messageId, { partition, receivedAt }] of firstSeen) {
      const last = lastByPartition.get(partition);
      if (last && last > receivedAt) outOfOrder.push(messageId);
      lastByPartition.set(partition, receivedAt);
    }
    expect(outOfOrder).toStrictEqual([]);
  }, 480_000);
});

import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createKafka } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { memberVerified, mfaCreated } from '@multimfa/events';
import { createdMfa, verifiedMember } from '@multimfa/messaging/testing/directory-events';
import { type EmailEntry, SandboxClient } from '@multimfa/provider-sandbox';
import { eventually, testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { freePort, type ServiceProcess, ServiceStack } from '../testing/service-stack.harness.js';

/** The sandbox account's number of the team: Twilio logs every text it receives. */
const NUMBER = '+14155550181';
const RATE_PER_SECOND = 2;
const STREAM_SECONDS = 70;
const KILL_AT_SECONDS = 3;
const DOWN_SECONDS = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('texts Twilio posts while messaging is SIGKILLed (the gateway, messaging as a process, PostgreSQL, Redis, Kafka; Twilio and SendGrid in the sandbox)', () => {
  const stack = new ServiceStack();
  const kafka = createKafka({
    clientId: 'inbound-fault-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: testLogger('kafka'),
  });
  const producer = kafka.producer();
  let messaging: ServiceProcess;
  let database: pg.Client;
  let inbox: SandboxClient;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    await stack.start({
      TWILIO_PHONE_NUMBERS: NUMBER,
      TWILIO_INBOUND_WEBHOOK_URL: `${publicUrl}/api/webhooks/twilio/sms`,
      SANDBOX_CALLBACK_DELAY_MS: '50',
    });
    messaging = await stack.startMessagingProcess({ PUBLIC_API_URL: publicUrl });
    await stack.gateway({ PUBLIC_API_URL: publicUrl }, port);
    database = new pg.Client({ connectionString: messaging.databaseUrl });
    await database.connect();
    await producer.connect();
    inbox = new SandboxClient(stack.sandboxUrl);
  });

  afterAll(async () => {
    await producer.disconnect();
    await database?.end();
    await stack.stop();
  });

  it(`stores and e-mails every one of ${RATE_PER_SECOND * STREAM_SECONDS} texts exactly once when messaging is killed for ${DOWN_SECONDS} s in the middle of the stream`, async () => {
    const mfaId = randomUUID();
    const userId = randomUUID();
    await publishTestEvent(
      producer,
      stack.topicPrefix,
      mfaCreated,
      createdMfa({ mfaId, userId, name: 'Team under faults', number: NUMBER }),
    );
    const email = `faults.${randomBytes(3).toString('hex')}@example.com`;
    const { memberId, ...member } = verifiedMember(mfaId, { userId, email });
    await publishTestEvent(producer, stack.topicPrefix, memberVerified, { memberId, ...member });
    await eventually('the member in messaging’s directory', async () => {
      const { rows } = await database.query('SELECT 1 FROM member_view WHERE member_id = $1', [memberId]);
      return rows.length ? true : undefined;
    });

    const total = RATE_PER_SECOND * STREAM_SECONDS;
    const codes = Array.from({ length: total }, (_, i) => String(600_000 + i));
    const sids: string[] = [];
    const refused: string[] = [];
    const start = Date.now();
    const outage = (async () => {
      await sleep(KILL_AT_SECONDS * 1000);
      await messaging.kill();
      await sleep(DOWN_SECONDS * 1000);
      await messaging.start();
    })();
    for (const [i, code] of codes.entries()) {
      const due = start + (i * 1000) / RATE_PER_SECOND;
      if (due > Date.now()) await sleep(due - Date.now());
      const sent = await inbox.sendInboundSms({
        from: '+15550004444',
        to: NUMBER,
        body: `Your code is ${code}`,
      });
      sids.push(sent.message.sid);
      if (!sent.webhook.ok) refused.push(sent.message.sid);
    }
    await outage;
    // The outage was real: the webhook of the texts sent while messaging was down failed.
    expect(refused.length).toBeGreaterThanOrEqual((DOWN_SECONDS - 5) * RATE_PER_SECOND);

    const mails = await eventually(
      'every code e-mailed',
      async () => {
        const found = (await inbox.messages({ channel: 'email', to: email, limit: 1000 })) as EmailEntry[];
        return found.length >= total ? found : undefined;
      },
      120_000,
    );
    const mailedCodes = mails.map((mail) => /Your code is (\d{6})/.exec(mail.text ?? '')?.[1]);
    expect(mailedCodes.filter((code) => code === undefined)).toStrictEqual([]);
    const perCode = new Map<string, number>();
    for (const code of mailedCodes) perCode.set(code ?? '', (perCode.get(code ?? '') ?? 0) + 1);
    expect([...perCode.entries()].filter(([, count]) => count !== 1)).toStrictEqual([]);
    expect([...perCode.keys()].sort()).toStrictEqual(codes);

    const { rows } = await database.query(
      'SELECT message_sid, count(*)::int AS n FROM inbound_message WHERE message_sid = ANY($1) GROUP BY message_sid',
      [sids],
    );
    assert.equal(rows.length, total, 'every text stored');
    assert.deepEqual(
      rows.filter((row: { n: number }) => row.n !== 1),
      [],
      'no text stored twice',
    );
    // Nothing more comes later: the next comparisons find every text stored.
    await sleep(2_000);
    expect(await inbox.messages({ channel: 'email', to: email, limit: 1000 })).toHaveLength(total);
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTestDatabase,
  dropTestDatabase,
  TcpProxy,
  testInfrastructure,
} from '@multimfa/service-runtime/testing';
import pg from 'pg';
import {
  mailedCodes,
  notExactlyOnce,
  sleep,
  storedNotOnce,
  streamCodes,
  streamTexts,
  TextingStack,
  textedCodes,
} from '../testing/text-stream.fixture.js';

/** The sandbox account's number of the team: Twilio logs every text it receives. */
const NUMBER = '+14155550186';
const RATE_PER_SECOND = 2;
const STREAM_SECONDS = 50;
const BLACK_HOLE_AT_SECONDS = 8;

describe('texts Twilio posts while messaging’s database connections are black-holed (a TCP proxy stops passing their packets for good, resetting nothing; new connections pass; the gateway, messaging as a process, Redis, Kafka; Twilio and SendGrid in the sandbox)', () => {
  const texting = new TextingStack(NUMBER);
  const target = new URL(testInfrastructure.postgresUrl);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('messaging_hole');
    await proxy.start();
    const proxied = new URL(databaseUrl);
    proxied.host = `127.0.0.1:${proxy.port}`;
    await texting.start({}, { databaseUrl: proxied.toString() });
  });

  afterAll(async () => {
    await texting.stop();
    await proxy.stop();
    await dropTestDatabase(databaseUrl);
  });

  it(`stores every one of ${RATE_PER_SECOND * STREAM_SECONDS} texts once and texts each code once when every open connection of messaging's pools goes silent mid-stream`, async () => {
    const { messaging, inbox } = texting;
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      const team = await texting.team(database);
      const codes = streamCodes(RATE_PER_SECOND * STREAM_SECONDS);
      const fault = (async () => {
        await sleep(BLACK_HOLE_AT_SECONDS * 1000);
        proxy.blackHole();
      })();
      const { sids, refused } = await streamTexts(inbox, NUMBER, codes, RATE_PER_SECOND);
      await fault;
      // The fault was real: texts posted while the connections were silent were refused.
      expect(refused.length).toBeGreaterThan(0);

      // Each silent connection fails its query at the 35 s answer deadline and is replaced.
      const texted = await textedCodes(inbox, team, codes.length, 240_000);
      expect(notExactlyOnce(codes, texted)).toStrictEqual({});
      const mailed = await mailedCodes(inbox, team, codes.length, 60_000);
      const mailedTwice = Object.values(notExactlyOnce(codes, mailed));
      expect(mailedTwice.filter((count) => count !== 2)).toStrictEqual([]);
      expect(mailedTwice.length).toBeLessThanOrEqual(
        await messaging.counter('messaging_forward_ambiguous_sends_total', {
          medium: 'EMAIL',
          outcome: 'sent_again',
        }),
      );
      expect(await storedNotOnce(database, sids)).toStrictEqual({});
    } finally {
      await database.end();
    }
  }, 420_000);
});

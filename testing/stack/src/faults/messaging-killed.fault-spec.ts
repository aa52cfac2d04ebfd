import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
const NUMBER = '+14155550181';
const RATE_PER_SECOND = 2;
const STREAM_SECONDS = 70;
const KILL_AT_SECONDS = 3;
const DOWN_SECONDS = 60;

describe('texts Twilio posts while messaging is SIGKILLed (the gateway, messaging as a process, PostgreSQL, Redis, Kafka; Twilio and SendGrid in the sandbox)', () => {
  const texting = new TextingStack(NUMBER);
  let database: pg.Client;

  beforeAll(async () => {
    await texting.start();
    database = new pg.Client({ connectionString: texting.messaging.databaseUrl });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await texting.stop();
  });

  it(`stores every one of ${RATE_PER_SECOND * STREAM_SECONDS} texts once and forwards each code once by e-mail and once by SMS when messaging is killed for ${DOWN_SECONDS} s in the middle of the stream`, async () => {
    const { messaging, inbox } = texting;
    const team = await texting.team(database);
    const codes = streamCodes(RATE_PER_SECOND * STREAM_SECONDS);
    const outage = (async () => {
      await sleep(KILL_AT_SECONDS * 1000);
      await messaging.kill();
      await sleep(DOWN_SECONDS * 1000);
      await messaging.start();
    })();
    const { sids, refused } = await streamTexts(inbox, NUMBER, codes, RATE_PER_SECOND);
    await outage;
    // The outage was real: the webhook of the texts sent while messaging was down failed.
    expect(refused.length).toBeGreaterThanOrEqual((DOWN_SECONDS - 5) * RATE_PER_SECOND);

    const texted = await textedCodes(inbox, team, codes.length);
    expect(notExactlyOnce(codes, texted)).toStrictEqual({});
    const mailed = await mailedCodes(inbox, team, codes.length);
    // An e-mail whose send the kill cut is sent again (SendGrid cannot be asked); counted below.
    const mailedTwice = Object.values(notExactlyOnce(codes, mailed));
    expect(mailedTwice.filter((count) => count !== 2)).toStrictEqual([]);
    expect(mailedTwice.length).toBeLessThanOrEqual(
      await messaging.counter('messaging_forward_ambiguous_sends_total', {
        medium: 'EMAIL',
        outcome: 'sent_again',
      }),
    );
    expect(await storedNotOnce(database, sids)).toStrictEqual({});
    // Nothing more comes later: the next comparisons find every text stored.
    await sleep(2_000);
    expect(notExactlyOnce(codes, await textedCodes(inbox, team, codes.length))).toStrictEqual({});
  }, 300_000);
});

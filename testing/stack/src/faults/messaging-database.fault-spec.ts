import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PrivatePostgres } from '../testing/private-postgres.harness.js';
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
const NUMBER = '+14155550182';
const RATE_PER_SECOND = 2;
const STREAM_SECONDS = 50;
const CRASH_AT_SECONDS = 5;
const DOWN_SECONDS = 30;

describe('texts Twilio posts while messaging’s PostgreSQL is down (a private cluster crashed with pg_ctl stop -m immediate; the gateway, messaging as a process, Redis, Kafka; Twilio and SendGrid in the sandbox)', () => {
  const texting = new TextingStack(NUMBER);
  const postgres = new PrivatePostgres();

  beforeAll(async () => {
    await postgres.create(['messaging']);
    await texting.start({}, { databaseUrl: await postgres.url('messaging') });
  });

  afterAll(async () => {
    await texting.stop();
    await postgres.destroy();
  });

  it(`stores every one of ${RATE_PER_SECOND * STREAM_SECONDS} texts once, texts each code once to the SMS member and e-mails each to the e-mail member (a re-send only where counted as ambiguous) when the database crashes for ${DOWN_SECONDS} s mid-stream`, async () => {
    const { messaging, inbox } = texting;
    const database = new pg.Client({ connectionString: messaging.databaseUrl });
    await database.connect();
    const team = await texting.team(database);
    await database.end();

    const codes = streamCodes(RATE_PER_SECOND * STREAM_SECONDS);
    const outage = (async () => {
      await sleep(CRASH_AT_SECONDS * 1000);
      await postgres.crash();
      await sleep(DOWN_SECONDS * 1000);
      await postgres.start();
    })();
    const { sids, refused } = await streamTexts(inbox, NUMBER, codes, RATE_PER_SECOND);
    await outage;
    // The outage was real: the product refused the texts posted while its database was down.
    expect(refused.length).toBeGreaterThanOrEqual((DOWN_SECONDS - 10) * RATE_PER_SECOND);

    const texted = await textedCodes(inbox, team, codes.length, 180_000);
    expect(notExactlyOnce(codes, texted)).toStrictEqual({});
    const mailed = await mailedCodes(inbox, team, codes.length, 60_000);
    const mailedTwice = Object.values(notExactlyOnce(codes, mailed));
    // SendGrid cannot be asked whether a send it did not answer happened: such an e-mail is sent
    // again, and each re-send is counted (whether or not the first had gone out). None is lost, none
    // is sent twice uncounted.
    expect(mailedTwice.filter((count) => count !== 2)).toStrictEqual([]);
    expect(mailedTwice.length).toBeLessThanOrEqual(
      await messaging.counter('messaging_forward_ambiguous_sends_total', {
        medium: 'EMAIL',
        outcome: 'sent_again',
      }),
    );

    const check = new pg.Client({ connectionString: messaging.databaseUrl });
    await check.connect();
    try {
      expect(await storedNotOnce(check, sids)).toStrictEqual({});
    } finally {
      await check.end();
    }
    // Nothing more comes later: the next reconciliations find every text stored.
    await sleep(2_000);
    expect(notExactlyOnce(codes, await textedCodes(inbox, team, codes.length))).toStrictEqual({});
  }, 420_000);
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FaultRequest } from '@multimfa/provider-sandbox';
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
  unsentForwards,
} from '../testing/text-stream.fixture.js';

/** The sandbox account's number of the team: Twilio logs every text it receives. */
const NUMBER = '+14155550184';
/**
 * Messaging's PROVIDER_RETRY_DELAY_SCALE: every wait between two attempts of a send is a sixtieth of
 * production's (the same 1 s … 5 min doubling, jitter and 24 attempts), so one second here stands for
 * one minute of outage. Only the waits between attempts are compressed: each call still has its real
 * 10 s deadline, so a timed-out attempt costs ten "minutes".
 */
const SCALE = 60;
/**
 * 15 minutes of outage and 1 of 401, from both providers at once: 10 minutes of 5xx, the minute of
 * 401, then 5 minutes of timeouts (each call held until messaging's 10 s deadline, which is not
 * compressed: while they hang they hold the worker's slots, so they come last, where nothing has to
 * get through after them but the recovery).
 */
const ERROR_MINUTES = 10;
const UNAUTHORIZED_MINUTES = 1;
const TIMEOUT_MINUTES = 5;
const RATE_PER_SECOND = 3;
/** Texts keep coming through the outage and the 401s, and a few seconds after. */
const STREAM_SECONDS = 20;

const TWILIO_SEND = {
  method: 'POST',
  path: '/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json',
} as const;
const SENDGRID_SEND = { method: 'POST', path: '/v3/mail/send' } as const;

describe(`forwards through a provider outage with retries compressed ${SCALE}× (PROVIDER_RETRY_DELAY_SCALE=1/${SCALE}: a second stands for a minute; the gateway, messaging as a process, PostgreSQL, Redis, Kafka; Twilio and SendGrid in the sandbox)`, () => {
  const texting = new TextingStack(NUMBER);
  let database: pg.Client;

  beforeAll(async () => {
    await texting.start({ PROVIDER_RETRY_DELAY_SCALE: String(1 / SCALE) });
    database = new pg.Client({ connectionString: texting.messaging.databaseUrl });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await texting.stop();
  });

  it(`forwards each of ${RATE_PER_SECOND * STREAM_SECONDS} codes once by SMS and once by e-mail through ${ERROR_MINUTES} minutes of 5xx, ${UNAUTHORIZED_MINUTES} of 401 and ${TIMEOUT_MINUTES} of timeouts from both providers (scaled 1/${SCALE}), none given up`, async () => {
    const { inbox } = texting;
    const team = await texting.team(database);
    const codes = streamCodes(RATE_PER_SECOND * STREAM_SECONDS);
    /** Every send to both providers fails as `twilio` and `sendgrid` say, for `minutes` (scaled); answers how many calls were failed so. */
    const phase = async (minutes: number, twilio: Partial<FaultRequest>, sendgrid: Partial<FaultRequest>) => {
      await inbox.setFault({ provider: 'twilio', count: 100_000, ...TWILIO_SEND, ...twilio });
      await inbox.setFault({ provider: 'sendgrid', count: 100_000, ...SENDGRID_SEND, ...sendgrid });
      await sleep((minutes * 60_000) / SCALE);
      const failed = Object.fromEntries((await inbox.faults()).map((fault) => [fault.provider, fault.seen]));
      await inbox.clearFaults();
      return failed;
    };
    const outage = (async () => {
      const errors = await phase(ERROR_MINUTES, { status: 500 }, { status: 503 });
      const unauthorized = await phase(UNAUTHORIZED_MINUTES, { status: 401 }, { status: 401 });
      const timeouts = await phase(TIMEOUT_MINUTES, { timeout: true }, { timeout: true });
      return { errors, unauthorized, timeouts };
    })();
    const { sids } = await streamTexts(inbox, NUMBER, codes, RATE_PER_SECOND);
    const failed = await outage;

    const texted = await textedCodes(inbox, team, codes.length, 90_000);
    expect(notExactlyOnce(codes, texted)).toStrictEqual({});
    const mailed = await mailedCodes(inbox, team, codes.length, 60_000);
    expect(notExactlyOnce(codes, mailed)).toStrictEqual({});
    expect(await storedNotOnce(database, sids)).toStrictEqual({});

    // The outage was real: each provider failed sends in each phase, the first forwards were tried
    // again and again through it, and none was given up.
    for (const calls of [failed.errors, failed.unauthorized, failed.timeouts]) {
      expect(calls?.twilio).toBeGreaterThan(0);
      expect(calls?.sendgrid).toBeGreaterThan(0);
    }
    const { rows: first } = await database.query<{ medium: string; attempts: number }>(
      `SELECT DISTINCT ON (medium) medium, attempts FROM forward WHERE mfa_id = $1 ORDER BY medium, created_at`,
      [team.mfaId],
    );
    for (const forward of first) expect(forward.attempts).toBeGreaterThanOrEqual(5);
    expect(await unsentForwards(database, team.mfaId)).toStrictEqual({ unsent: [], total: codes.length * 2 });
  }, 240_000);
});

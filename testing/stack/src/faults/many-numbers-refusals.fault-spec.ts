import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import {
  type Medium,
  notExactlyOnce,
  OutboundTally,
  storedNotOnce,
  streamCodes,
  streamTexts,
  type TestTeam,
  TextingStack,
} from '../testing/text-stream.fixture.js';

/** The sandbox account's numbers, one team on each. */
const NUMBERS = Array.from({ length: 50 }, (_, i) => `+1415555${2000 + i}`);
const TEXTS_PER_NUMBER = 200;
const TEXTS = NUMBERS.length * TEXTS_PER_NUMBER;
/** Texts a second over all numbers: what this 2-core machine forwards steadily with the whole stack on it. */
const RATE_PER_SECOND = 50;
/** One provider call in this many is refused. */
const REFUSE_EVERY = 10;

describe('texts across many numbers while the providers refuse one call in ten (the gateway, messaging as a process, PostgreSQL, Redis, Kafka; Twilio answering 429 and SendGrid 503 to every tenth send)', () => {
  const texting = new TextingStack(NUMBERS);
  let database: pg.Client;

  beforeAll(async () => {
    await texting.start();
    database = new pg.Client({ connectionString: texting.messaging.databaseUrl });
    await database.connect();
  }, 180_000);

  afterAll(async () => {
    await database?.end();
    await texting.stop();
  });

  it(`forwards each of ${TEXTS} codes sent to ${NUMBERS.length} numbers exactly once to its team's member, every refused send retried`, async () => {
    const { inbox } = texting;
    // Half the teams get their codes by e-mail, half by SMS: one member each.
    const teams: TestTeam[] = await Promise.all(
      NUMBERS.map((number, i) =>
        texting.team(database, number, [i % 2 === 0 ? 'EMAIL' : 'MOBILE_NUMBER'] satisfies Medium[]),
      ),
    );
    const recipientOf = (i: number) => (i % 2 === 0 ? teams[i]?.email : teams[i]?.mobile) ?? '';
    const codesOf = (i: number) => streamCodes(TEXTS_PER_NUMBER, 100_000 + i * TEXTS_PER_NUMBER);

    await inbox.setFault({
      provider: 'twilio',
      method: 'POST',
      status: 429,
      every: REFUSE_EVERY,
      count: TEXTS,
    });
    await inbox.setFault({
      provider: 'sendgrid',
      method: 'POST',
      status: 503,
      every: REFUSE_EVERY,
      count: TEXTS,
    });
    const tally = await OutboundTally.start(inbox);
    const streams = await Promise.all(
      NUMBERS.map((number, i) => streamTexts(inbox, number, codesOf(i), RATE_PER_SECOND / NUMBERS.length)),
    );
    await tally.reach(TEXTS, 600_000);
    const refusals = await inbox.faults();
    await inbox.clearFaults();
    await tally.stop();

    const wrong: Record<string, Record<string, number>> = {};
    for (const [i] of NUMBERS.entries()) {
      const notOnce = notExactlyOnce(codesOf(i), tally.codesOf(recipientOf(i)));
      if (Object.keys(notOnce).length) wrong[recipientOf(i)] = notOnce;
    }
    expect(wrong).toStrictEqual({});
    expect(tally.total).toBe(TEXTS);
    const sids = streams.flatMap((stream) => stream.sids);
    expect(await storedNotOnce(database, sids)).toStrictEqual({});

    // The refusals were real: about one send in ten, each sent again.
    for (const provider of ['twilio', 'sendgrid'] as const) {
      const fault = refusals.find((armed) => armed.provider === provider);
      expect(fault).toBeDefined();
      expect(TEXTS - (fault?.remaining ?? TEXTS)).toBeGreaterThanOrEqual(TEXTS / 2 / REFUSE_EVERY);
    }
    const { rows } = await database.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM forward WHERE mfa_id = ANY($1) GROUP BY status ORDER BY status`,
      [teams.map((team) => team.mfaId)],
    );
    expect(rows.filter((row) => row.status !== 'sent' && row.status !== 'delivered')).toStrictEqual([]);
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(TEXTS);
  }, 900_000);
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PrivateRedis } from '../testing/private-redis.harness.js';
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
const NUMBER = '+14155550183';
const RATE_PER_SECOND = 2;
const STREAM_SECONDS = 40;
/** Before each loss, the providers refuse for a few seconds: the forwards wait in Redis for their retry. */
const REFUSE_SECONDS = 4;
const FLUSH_AT_SECONDS = 8;
const RESTART_AT_SECONDS = 24;

describe('texts forwarded while messaging’s Redis loses its queues (a private redis-server without persistence: FLUSHALL, then SIGKILL and a new empty server; the gateway, messaging as a process, PostgreSQL, Kafka; Twilio and SendGrid in the sandbox)', () => {
  const texting = new TextingStack(NUMBER);
  const redis = new PrivateRedis();
  let database: pg.Client;

  beforeAll(async () => {
    await redis.start();
    await texting.start({ REDIS_URL: await redis.url() });
    database = new pg.Client({ connectionString: texting.messaging.databaseUrl });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await texting.stop();
    await redis.kill();
  });

  it(`forwards each of ${RATE_PER_SECOND * STREAM_SECONDS} codes once by e-mail and once by SMS when Redis is flushed, then restarted empty, mid-stream`, async () => {
    const { inbox } = texting;
    const team = await texting.team(database);
    const codes = streamCodes(RATE_PER_SECOND * STREAM_SECONDS);
    const refuseProviders = async () => {
      for (const provider of ['twilio', 'sendgrid'] as const)
        await inbox.setFault({ provider, status: 503, count: 1000 });
    };
    const faults = (async () => {
      await sleep((FLUSH_AT_SECONDS - REFUSE_SECONDS) * 1000);
      await refuseProviders();
      await sleep(REFUSE_SECONDS * 1000);
      await redis.flushAll();
      await inbox.clearFaults();
      await sleep((RESTART_AT_SECONDS - FLUSH_AT_SECONDS - REFUSE_SECONDS) * 1000);
      await refuseProviders();
      await sleep(REFUSE_SECONDS * 1000);
      await redis.restartEmpty();
      await inbox.clearFaults();
    })();
    const { sids } = await streamTexts(inbox, NUMBER, codes, RATE_PER_SECOND);
    await faults;

    // A forward whose job Redis lost is queued again from its row (a minute's sweep of rows queued
    // for over a minute), so the last ones may take two minutes.
    const texted = await textedCodes(inbox, team, codes.length, 240_000);
    expect(notExactlyOnce(codes, texted)).toStrictEqual({});
    const mailed = await mailedCodes(inbox, team, codes.length, 60_000);
    expect(notExactlyOnce(codes, mailed)).toStrictEqual({});
    expect(await storedNotOnce(database, sids)).toStrictEqual({});
    // The losses were real: forwards waiting for their retry when Redis lost them were sent only
    // after the sweep queued them again.
    const { rows: late } = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM forward WHERE mfa_id = $1 AND sent_at > created_at + interval '50 seconds'`,
      [team.mfaId],
    );
    expect(late[0]?.n).toBeGreaterThanOrEqual(2);
    const { rows } = await database.query<{ done: boolean; n: number }>(
      `SELECT status IN ('sent', 'delivered') AS done, count(*)::int AS n FROM forward WHERE mfa_id = $1 GROUP BY 1`,
      [team.mfaId],
    );
    expect(rows).toStrictEqual([{ done: true, n: codes.length * 2 }]);
  }, 420_000);
});

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
  unsentForwards,
} from '../testing/text-stream.fixture.js';

/** The sandbox account's number of the team: Twilio logs every text it receives. */
const NUMBER = '+14155550183';
const RATE_PER_SECOND = 2;
const STREAM_SECONDS = 48;
/** Before each loss, the providers refuse for a few seconds: the forwards wait in Redis for their retry. */
const REFUSE_SECONDS = 4;
const FLUSH_AT_SECONDS = 8;
const RESTART_EMPTY_AT_SECONDS = 24;
const RESTART_KEPT_AT_SECONDS = 40;
/** Messaging's sweep of lost forwards, in seconds (a minute in production). */
const LOST_WORK_SWEEP_SECONDS = 20;

describe('texts forwarded while messaging’s Redis loses its queues (a private redis-server: FLUSHALL, SIGKILL and a new empty server, SIGKILL and a restart from its append-only file; the gateway, messaging as a process, PostgreSQL, Kafka; Twilio and SendGrid in the sandbox)', () => {
  const texting = new TextingStack(NUMBER);
  const redis = new PrivateRedis();
  let database: pg.Client;

  beforeAll(async () => {
    await redis.start();
    // Lost forwards are swept back after 20 s instead of production's minute (LOST_WORK_SWEEP_SECONDS):
    // the same sweep, sooner, so the tier stays within its time.
    await texting.start({
      REDIS_URL: await redis.url(),
      LOST_WORK_SWEEP_SECONDS: String(LOST_WORK_SWEEP_SECONDS),
    });
    database = new pg.Client({ connectionString: texting.messaging.databaseUrl });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await texting.stop();
    await redis.destroy();
  });

  it(`forwards each of ${RATE_PER_SECOND * STREAM_SECONDS} codes once by e-mail and once by SMS when Redis is flushed, then restarted empty, then restarted with its append-only file, mid-stream`, async () => {
    const { inbox } = texting;
    const team = await texting.team(database);
    const codes = streamCodes(RATE_PER_SECOND * STREAM_SECONDS);
    const refuseProviders = async () => {
      for (const provider of ['twilio', 'sendgrid'] as const)
        await inbox.setFault({ provider, status: 503, count: 1000 });
    };
    /** At `at` seconds the providers start refusing; `REFUSE_SECONDS` later Redis suffers `fault`, and they accept again. */
    const lossAt = async (at: number, fault: () => Promise<void>) => {
      await sleep(Math.max(0, start + (at - REFUSE_SECONDS) * 1000 - Date.now()));
      await refuseProviders();
      await sleep(REFUSE_SECONDS * 1000);
      await fault();
      await inbox.clearFaults();
    };
    const start = Date.now();
    const faults = (async () => {
      await lossAt(FLUSH_AT_SECONDS, () => redis.flushAll());
      await lossAt(RESTART_EMPTY_AT_SECONDS, () => redis.restartEmpty());
      await lossAt(RESTART_KEPT_AT_SECONDS, () => redis.restartKept());
    })();
    const { sids } = await streamTexts(inbox, NUMBER, codes, RATE_PER_SECOND);
    await faults;

    // A forward whose job Redis lost is queued again from its row (a sweep every
    // LOST_WORK_SWEEP_SECONDS of rows queued for longer), so the last ones take up to twice that.
    const texted = await textedCodes(inbox, team, codes.length, 240_000);
    expect(notExactlyOnce(codes, texted)).toStrictEqual({});
    const mailed = await mailedCodes(inbox, team, codes.length, 60_000);
    expect(notExactlyOnce(codes, mailed)).toStrictEqual({});
    expect(await storedNotOnce(database, sids)).toStrictEqual({});
    // The losses were real: forwards waiting for their retry when Redis lost them were sent only
    // after the sweep queued them again.
    const { rows: late } = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM forward WHERE mfa_id = $1 AND sent_at > created_at + make_interval(secs => ${LOST_WORK_SWEEP_SECONDS - 2})`,
      [team.mfaId],
    );
    expect(late[0]?.n).toBeGreaterThanOrEqual(2);
    expect(await unsentForwards(database, team.mfaId)).toStrictEqual({ unsent: [], total: codes.length * 2 });
  }, 420_000);
});

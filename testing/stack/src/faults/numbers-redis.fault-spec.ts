import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createKafka, readTopic } from '@multimfa/event-bus';
import { type EventEnvelope, numberReleased, type PayloadOf } from '@multimfa/events';
import { SandboxClient, type SmsEntry } from '@multimfa/provider-sandbox';
import type { MemberRecord, MfaRecord } from '@multimfa/service-contracts/numbers';
import {
  eventually,
  testGatewayCaller,
  testInfrastructure,
  testLogger,
} from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { PrivateRedis } from '../testing/private-redis.harness.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { ServiceStack } from '../testing/service-stack.harness.js';
import { sleep } from '../testing/text-stream.fixture.js';

const ACCOUNT_SID = 'AC00000000000000000000000000000001';
const AUTH_TOKEN = '5a4db0c55a4db0c55a4db0c55a4db0c5';
const TWILIO_ACCOUNT_PATH = `/2010-04-01/Accounts/${ACCOUNT_SID}`;
/** Where numbers points each assigned number's texts (its PUBLIC_API_URL's webhook). */
const PUBLIC_API_URL = 'http://127.0.0.1:1';
const SMS_WEBHOOK = `${PUBLIC_API_URL}/api/webhooks/twilio/sms`;
/** The sandbox account's numbers: four go to the MFAs bought, two are in quarantine until the test ends it. */
const BOUGHT = ['+14155550301', '+14155550302', '+14155550303', '+14155550304'];
const HELD = ['+14155550311', '+14155550312'];
const MEMBERS_PER_MFA = 2;
/** The services' sweeps of lost work, in seconds (a minute in production). */
const LOST_WORK_SWEEP_SECONDS = 20;

/** How many times Twilio's API answered each `METHOD path` with each status, as a proxy in front of it saw. */
class TwilioRequestLog {
  private readonly server: Server;
  readonly answers: Array<{ method: string; path: string; status: number }> = [];

  constructor(private readonly target: string) {
    this.server = createServer((incoming, outgoing) => {
      const upstream = new URL(incoming.url ?? '/', this.target);
      const forwarded = request(
        upstream,
        { method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
        (answer) => {
          this.answers.push({
            method: incoming.method ?? '',
            path: upstream.pathname,
            status: answer.statusCode ?? 0,
          });
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
  }

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** How many `POST IncomingPhoneNumbers/<sid>.json` (a pointing of the number's SMS webhook) got `status`. */
  pointings(sid: string, status: number): number {
    return this.answers.filter(
      (answer) =>
        answer.method === 'POST' &&
        answer.path === `${TWILIO_ACCOUNT_PATH}/IncomingPhoneNumbers/${sid}.json` &&
        answer.status === status,
    ).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('numbers’ jobs and invitation SMS while their Redis loses its queues (a private redis-server shared by numbers and messaging: SIGKILL and a new empty server, then FLUSHALL; real numbers and messaging, PostgreSQL, Kafka; Twilio in the sandbox behind a proxy that logs its answers)', () => {
  const stack = new ServiceStack();
  const redis = new PrivateRedis();
  const kafka = createKafka({
    clientId: 'numbers-redis-fault-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: testLogger('kafka'),
  });
  let twilio: TwilioRequestLog;
  let numbersUrl: string;
  let numbersDb: pg.Client;
  let messagingDb: pg.Client;
  let inbox: SandboxClient;
  let usCountryId: number;
  /** The sandbox's SID of each of its account's numbers. */
  let sids: Map<string, string>;
  /** Every invitee's mobile so far (each one new). */
  const invitations: string[] = [];

  const numbers = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${numbersUrl}${path}`, {
      method,
      headers: {
        ...(await testGatewayCaller.headers('numbers')),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };

  /** Twilio's IncomingPhoneNumbers of the sandbox account, as its API answers them. */
  async function incomingNumbers(): Promise<Array<{ phone_number: string; sid: string; sms_url: string }>> {
    const response = await fetch(`${stack.sandboxUrl}${TWILIO_ACCOUNT_PATH}/IncomingPhoneNumbers.json`, {
      headers: { authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}` },
    });
    return (
      (await response.json()) as {
        incoming_phone_numbers: Array<{ phone_number: string; sid: string; sms_url: string }>;
      }
    ).incoming_phone_numbers;
  }

  /**
   * While Twilio refuses both the pointing of webhooks and the sending of SMS (503): buys two
   * MultiMFAs (each given a number whose webhook numbers must point) and invites two members of each
   * by SMS (each an invitation SMS messaging must send), then waits until every one of those jobs
   * failed once, so each waits in Redis for its retry. Answers what was asked for.
   */
  async function jobsWaitingInRedis(mfaNumbers: string[]) {
    await inbox.setFault({
      provider: 'twilio',
      status: 503,
      count: 10_000,
      method: 'POST',
      path: `${TWILIO_ACCOUNT_PATH}/IncomingPhoneNumbers`,
    });
    await inbox.setFault({
      provider: 'twilio',
      status: 503,
      count: 10_000,
      method: 'POST',
      path: `${TWILIO_ACCOUNT_PATH}/Messages.json`,
    });
    const mfas: MfaRecord[] = [];
    const invitees: string[] = [];
    for (const expected of mfaNumbers) {
      const userId = randomUUID();
      const mfa = await applyPurchase(
        numbersUrl,
        completedPurchase({ userId, MFAType: 'MultiMFA', countryId: usCountryId, noOfUsers: 5 }),
      );
      expect(mfa.number).toBe(expected);
      mfas.push(mfa);
      for (let i = 0; i < MEMBERS_PER_MFA; i += 1) {
        const mobileNo = `+14155552${String(invitations.length).padStart(3, '0')}`;
        invitations.push(mobileNo);
        const member = await numbers<MemberRecord>('POST', `/users/${userId}/mfas/${mfa.mfaId}/members`, {
          firstName: 'Ivy',
          lastName: 'Invitee',
          forwardMedium: 'MOBILE_NUMBER',
          mobileNo,
          email: '',
        });
        await numbers('POST', `/users/${userId}/members/${member.memberId}/invitations`);
        invitees.push(mobileNo);
      }
    }
    await eventually(
      'every webhook pointing and invitation SMS refused once',
      async () => {
        const refusedPointings = mfaNumbers.every(
          (number) => twilio.pointings(sids.get(number) ?? '', 503) > 0,
        );
        const { rows } = await messagingDb.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM outbound_sms WHERE to_number = ANY($1) AND attempts > 0',
          [invitees],
        );
        return refusedPointings && rows[0]?.n === invitees.length ? true : undefined;
      },
      30_000,
    );
    return { mfas, invitees };
  }

  /** Ends the quarantine of `number` a minute ago: the next sweep of held numbers must release it. */
  async function quarantineEnded(number: string): Promise<void> {
    await numbersDb.query(
      `UPDATE phone_number SET quarantined_until = now() - interval '1 minute' WHERE e164 = $1`,
      [number],
    );
  }

  /** The numberReleased events numbers published, by number. */
  async function releases(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const { message } of await readTopic(kafka, `${stack.topicPrefix}${numberReleased.topic.name}`)) {
      const event = JSON.parse(message.value?.toString('utf8') ?? '{}') as EventEnvelope<
        PayloadOf<typeof numberReleased>
      >;
      if (event.type !== numberReleased.type) continue;
      counts.set(event.payload.number, (counts.get(event.payload.number) ?? 0) + 1);
    }
    return counts;
  }

  beforeAll(async () => {
    await redis.start();
    await stack.start({ TWILIO_PHONE_NUMBERS: [...BOUGHT, ...HELD].join(',') });
    twilio = new TwilioRequestLog(stack.sandboxUrl);
    const started = await stack.startNumbers({
      settings: {
        REDIS_URL: await redis.url(),
        TWILIO_API_URL: await twilio.listen(),
        PUBLIC_API_URL,
        LOST_WORK_SWEEP_SECONDS: String(LOST_WORK_SWEEP_SECONDS),
      },
    });
    numbersUrl = started.url;
    numbersDb = new pg.Client({ connectionString: started.databaseUrl });
    await numbersDb.connect();
    const messagingUrl = await stack.startMessaging({
      REDIS_URL: await redis.url(),
      LOST_WORK_SWEEP_SECONDS: String(LOST_WORK_SWEEP_SECONDS),
    });
    messagingDb = new pg.Client({ connectionString: messagingUrl });
    await messagingDb.connect();
    inbox = new SandboxClient(stack.sandboxUrl);
    sids = new Map((await incomingNumbers()).map((number) => [number.phone_number, number.sid]));
    const countries = await numbers<Array<{ multiMFACountryId: number; isoCode: string }>>(
      'GET',
      '/countries',
    );
    usCountryId = countries.find((country) => country.isoCode === 'US')?.multiMFACountryId ?? 0;
    for (const mobileNo of [...BOUGHT, ...HELD])
      await numbers('POST', '/pool/numbers', { mobileNo, sid: sids.get(mobileNo), referenceName: mobileNo });
    // The held numbers are in quarantine for another day: no MFA gets them, no sweep moves them yet.
    await numbersDb.query(
      `UPDATE phone_number SET state = 'QUARANTINED', quarantined_until = now() + interval '1 day'
        WHERE e164 = ANY($1)`,
      [HELD],
    );
  });

  afterAll(async () => {
    await numbersDb?.end();
    await messagingDb?.end();
    await stack.stop();
    await twilio?.close();
    await redis.destroy();
  });

  it('points each new number’s SMS webhook once, texts each invitation once and releases each held number once after Redis was restarted empty and after it was flushed, with those jobs waiting for their retry', async () => {
    // Redis restarted without persistence: a SIGKILL, and a new empty server. A held number's
    // quarantine ends while it is down.
    const beforeRestart = await jobsWaitingInRedis(BOUGHT.slice(0, 2));
    await redis.kill();
    await quarantineEnded(HELD[0] ?? '');
    await redis.restartEmpty();
    await inbox.clearFaults();

    // FLUSHALL with the clients connected: the scheduler of the sweep of held numbers goes with it.
    const beforeFlush = await jobsWaitingInRedis(BOUGHT.slice(2));
    await redis.flushAll();
    await quarantineEnded(HELD[1] ?? '');
    await inbox.clearFaults();

    const mfas = [...beforeRestart.mfas, ...beforeFlush.mfas];
    const invitees = [...beforeRestart.invitees, ...beforeFlush.invitees];
    /** What happened to each: Twilio's successful pointings, invitation SMS sent, releases published. */
    const outcome = async () => {
      const texted = (await inbox.messages({
        channel: 'sms',
        direction: 'outbound',
        limit: 1000,
      })) as SmsEntry[];
      const released = await releases();
      return {
        pointed: Object.fromEntries(
          BOUGHT.map((number) => [number, twilio.pointings(sids.get(number) ?? '', 200)]),
        ),
        texted: Object.fromEntries(
          invitees.map((mobile) => [mobile, texted.filter((sms) => sms.to === mobile).length]),
        ),
        released: Object.fromEntries(HELD.map((number) => [number, released.get(number) ?? 0])),
      };
    };
    const once = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, 1]));
    const expected = { pointed: once(BOUGHT), texted: once(invitees), released: once(HELD) };
    // Lost jobs are queued again from PostgreSQL by sweeps of what is still to do after
    // LOST_WORK_SWEEP_SECONDS; lost schedulers are registered again when Redis is back and that often.
    await eventually(
      'every webhook pointed, every invitation texted, every held number released',
      async () => {
        const now = await outcome();
        const done = (counts: Record<string, number>) => Object.values(counts).every((count) => count > 0);
        return done(now.pointed) && done(now.texted) && done(now.released) ? true : undefined;
      },
      170_000,
    ).catch(() => undefined);
    // A second pointing or SMS would come within seconds of the first.
    await sleep(3_000);
    expect(await outcome()).toStrictEqual(expected);

    expect(
      (await incomingNumbers())
        .filter((number) => BOUGHT.includes(number.phone_number))
        .map((number) => number.sms_url),
    ).toStrictEqual(BOUGHT.map(() => SMS_WEBHOOK));
    const { rows: unpointed } = await numbersDb.query(
      'SELECT mfa_id FROM mfa WHERE mfa_id = ANY($1) AND sms_webhook_pointed_at IS NULL',
      [mfas.map((mfa) => mfa.mfaId)],
    );
    expect(unpointed).toStrictEqual([]);
    const { rows: sms } = await messagingDb.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM outbound_sms WHERE to_number = ANY($1) GROUP BY status',
      [invitees],
    );
    expect(sms).toStrictEqual([{ status: 'SENT', n: invitees.length }]);
    const { rows: held } = await numbersDb.query(
      'SELECT e164, state FROM phone_number WHERE e164 = ANY($1) ORDER BY e164',
      [HELD],
    );
    expect(held).toStrictEqual(HELD.map((e164) => ({ e164, state: 'FREE' })));

    // The losses were real: what waited in Redis was done only once a sweep had queued it again.
    const { rows: latePointings } = await numbersDb.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mfa
        WHERE mfa_id = ANY($1) AND sms_webhook_pointed_at > updated_at + make_interval(secs => ${LOST_WORK_SWEEP_SECONDS - 2})`,
      [mfas.map((mfa) => mfa.mfaId)],
    );
    expect(latePointings[0]?.n).toBe(BOUGHT.length);
    const { rows: lateSms } = await messagingDb.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbound_sms
        WHERE to_number = ANY($1) AND sent_at > created_at + make_interval(secs => ${LOST_WORK_SWEEP_SECONDS - 2})`,
      [invitees],
    );
    expect(lateSms[0]?.n).toBe(invitees.length);
  }, 240_000);
});

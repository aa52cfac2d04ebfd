import { randomBytes, randomUUID } from 'node:crypto';
import { createKafka } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { memberVerified, mfaCreated } from '@multimfa/events';
import { createdMfa, verifiedMember } from '@multimfa/messaging/testing/directory-events';
import { type EmailEntry, SandboxClient, type SmsEntry } from '@multimfa/provider-sandbox';
import { eventually, testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import type { Kafka, Producer } from 'kafkajs';
import type pg from 'pg';
import { freePort, type ServiceProcess, ServiceStack } from './service-stack.harness.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A team on `number` with one member forwarded by e-mail and one by SMS, as messaging's directory holds it. */
export interface TestTeam {
  mfaId: string;
  number: string;
  email: string;
  mobile: string;
}

/** How a member of a test team gets its codes. */
export type Medium = 'EMAIL' | 'MOBILE_NUMBER';

/**
 * Publishes the team's MFA and its verified members as numbers would (by default one forwarded by
 * e-mail and one by SMS; `media` may name one: the other address then receives nothing), and waits
 * until messaging's directory (read through `database`, messaging's own) holds them.
 */
export async function publishTeam(options: {
  producer: Producer;
  topicPrefix: string;
  database: pg.Client;
  number: string;
  media?: Medium[];
}): Promise<TestTeam> {
  const { producer, topicPrefix, database, number, media = ['EMAIL', 'MOBILE_NUMBER'] } = options;
  const mfaId = randomUUID();
  const userId = randomUUID();
  await publishTestEvent(
    producer,
    topicPrefix,
    mfaCreated,
    createdMfa({ mfaId, userId, name: 'Team under faults', number }),
  );
  const email = `faults.${randomBytes(3).toString('hex')}@example.com`;
  const mobile = `+1555${String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0')}`;
  const members = [
    ...(media.includes('EMAIL') ? [verifiedMember(mfaId, { userId, email })] : []),
    ...(media.includes('MOBILE_NUMBER')
      ? [
          verifiedMember(mfaId, {
            email: `sms.${randomBytes(3).toString('hex')}@example.com`,
            mobileNo: mobile,
            forwardMedium: 'MOBILE_NUMBER',
          }),
        ]
      : []),
  ];
  for (const member of members) await publishTestEvent(producer, topicPrefix, memberVerified, member);
  await eventually('the members in messaging’s directory', async () => {
    const { rows } = await database.query('SELECT 1 FROM member_view WHERE member_id = ANY($1)', [
      members.map((member) => member.memberId),
    ]);
    return rows.length === members.length ? true : undefined;
  });
  return { mfaId, number, email, mobile };
}

/** The codes of one stream: six digits each, distinct. */
export function streamCodes(total: number, first = 600_000): string[] {
  return Array.from({ length: total }, (_, i) => String(first + i));
}

/**
 * Texts `Your code is <code>` to `number` through the sandbox's Twilio at `perSecond`, one after the
 * other; returns Twilio's message ids and those whose webhook call failed (the product refused or
 * did not answer).
 */
export async function streamTexts(
  inbox: SandboxClient,
  number: string,
  codes: string[],
  perSecond: number,
): Promise<{ sids: string[]; refused: string[] }> {
  const sids: string[] = [];
  const refused: string[] = [];
  const start = Date.now();
  for (const [i, code] of codes.entries()) {
    const due = start + (i * 1000) / perSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    const sent = await inbox.sendInboundSms({
      from: '+15550004444',
      to: number,
      body: `Your code is ${code}`,
    });
    sids.push(sent.message.sid);
    if (!sent.webhook.ok) refused.push(sent.message.sid);
  }
  return { sids, refused };
}

/** How many times each code was received, from messages whose text says `Your code is <code>`. */
export function countCodes(texts: Array<string | undefined>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const code = /Your code is (\d{6})/.exec(text ?? '')?.[1] ?? 'unreadable';
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

/** Waits (up to `timeoutMs`) until the team's e-mail member has at least `total` e-mails; returns each code's count. */
export async function mailedCodes(
  inbox: SandboxClient,
  team: TestTeam,
  total: number,
  timeoutMs = 120_000,
): Promise<Map<string, number>> {
  const mails = await eventually(
    'every code e-mailed',
    async () => {
      const found = (await inbox.messages({ channel: 'email', to: team.email, limit: 1000 })) as EmailEntry[];
      return found.length >= total ? found : undefined;
    },
    timeoutMs,
  );
  return countCodes(mails.map((mail) => mail.text));
}

/** Waits (up to `timeoutMs`) until the team's SMS member has at least `total` texts; returns each code's count. */
export async function textedCodes(
  inbox: SandboxClient,
  team: TestTeam,
  total: number,
  timeoutMs = 120_000,
): Promise<Map<string, number>> {
  const texts = await eventually(
    'every code texted',
    async () => {
      const found = (await inbox.messages({ channel: 'sms', to: team.mobile, limit: 1000 })) as SmsEntry[];
      return found.length >= total ? found : undefined;
    },
    timeoutMs,
  );
  return countCodes(texts.map((sms) => sms.body));
}

/** The sandbox's inbox answers at most this many messages per read. */
const READ_LIMIT = 1000;

/**
 * Counts the codes the sandbox carried out (texts and e-mails) from its start, per recipient, reading
 * the inbox as it goes: the sandbox keeps only its newest 5,000 messages, so a longer run cannot be
 * read at its end.
 */
export class OutboundTally {
  /** The inbox's cursor where counting stands; undefined until the tally knows where it started. */
  private after: number | undefined;
  private readonly byRecipient = new Map<string, Array<string | undefined>>();
  private running = true;
  private failure: unknown;
  private readonly reading: Promise<void>;
  /** Messages counted so far. */
  total = 0;

  private constructor(
    private readonly inbox: SandboxClient,
    readEveryMs: number,
  ) {
    this.reading = (async () => {
      while (this.running) {
        await this.read().catch((error: unknown) => {
          this.failure ??= error;
        });
        await sleep(readEveryMs);
      }
    })();
  }

  static async start(inbox: SandboxClient, readEveryMs = 250): Promise<OutboundTally> {
    const tally = new OutboundTally(inbox, readEveryMs);
    tally.after = await inbox.cursor();
    return tally;
  }

  private async read(): Promise<void> {
    const after = this.after;
    if (after === undefined) return;
    const entries = await this.inbox.messages({ direction: 'outbound', after, limit: READ_LIMIT });
    if (entries.length >= READ_LIMIT)
      throw new Error(`over ${READ_LIMIT} messages between two reads of the inbox: some were not counted`);
    for (const entry of entries.reverse()) {
      // Posts to Slack and webhook destinations are not texts or e-mails to a person.
      if (entry.channel === 'slack' || entry.channel === 'webhook') continue;
      const recipients = entry.channel === 'sms' ? [entry.to] : entry.to.map((address) => address.email);
      for (const recipient of recipients) {
        const texts = this.byRecipient.get(recipient) ?? [];
        texts.push(entry.channel === 'sms' ? entry.body : entry.text);
        this.byRecipient.set(recipient, texts);
      }
      this.after = Math.max(this.after ?? 0, entry.seq);
      this.total += 1;
    }
  }

  /** Waits (up to `timeoutMs`) until `total` messages were counted. */
  async reach(total: number, timeoutMs: number): Promise<void> {
    await eventually(
      `${total} messages carried out`,
      async () => {
        if (this.failure) throw this.failure;
        return this.total >= total ? true : undefined;
      },
      timeoutMs,
    );
  }

  /** How many times each code reached `recipient` (an e-mail address or a mobile number). */
  codesOf(recipient: string): Map<string, number> {
    return countCodes(this.byRecipient.get(recipient) ?? []);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.reading;
    if (this.failure) throw this.failure;
  }
}

/** The codes not received exactly once: `{ code: count }` for each missing, duplicated or unreadable one. */
export function notExactlyOnce(codes: string[], counts: Map<string, number>): Record<string, number> {
  const wrong: Record<string, number> = {};
  for (const code of codes) if (counts.get(code) !== 1) wrong[code] = counts.get(code) ?? 0;
  for (const [code, count] of counts) if (!codes.includes(code)) wrong[code] = count;
  return wrong;
}

/** Twilio message ids stored more than once, or not at all, in messaging's `inbound_message`. */
export async function storedNotOnce(database: pg.Client, sids: string[]): Promise<Record<string, number>> {
  const { rows } = await database.query<{ message_sid: string; n: number }>(
    'SELECT message_sid, count(*)::int AS n FROM inbound_message WHERE message_sid = ANY($1) GROUP BY message_sid',
    [sids],
  );
  const counts = new Map(rows.map((row) => [row.message_sid, row.n]));
  const wrong: Record<string, number> = {};
  for (const sid of sids) if (counts.get(sid) !== 1) wrong[sid] = counts.get(sid) ?? 0;
  return wrong;
}

/**
 * The team's forwards not recorded sent (or delivered), by status, once every one is or `waitMs` passed
 * (the last sends' records may trail the provider's acceptance by a moment), and how many there are.
 */
export async function unsentForwards(
  database: pg.Client,
  mfaId: string,
  waitMs = 30_000,
): Promise<{ unsent: Array<{ status: string; n: number }>; total: number }> {
  const notDone = async () =>
    (
      await database.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM forward
          WHERE mfa_id = $1 AND status NOT IN ('sent', 'delivered') GROUP BY status`,
        [mfaId],
      )
    ).rows;
  await eventually(
    'every forward recorded sent',
    async () => ((await notDone()).length ? undefined : true),
    waitMs,
  ).catch(() => undefined);
  const { rows } = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM forward WHERE mfa_id = $1',
    [mfaId],
  );
  return { unsent: await notDone(), total: rows[0]?.n ?? 0 };
}

/**
 * What a fault test of texting needs: the stack with Twilio's `number` posting to a gateway, messaging
 * as a process of its own (that the test may kill; `settings` and `options` as `startMessagingProcess`
 * takes them), a Kafka producer for numbers' events, and the sandbox's inbox.
 */
export class TextingStack {
  readonly stack: ServiceStack;
  private readonly kafka: Kafka;
  readonly producer: Producer;
  messaging!: ServiceProcess;
  inbox!: SandboxClient;

  /** The sandbox account's numbers: the first is the one `team` uses by default. */
  readonly numbers: string[];

  /** `number`: one of Twilio's numbers, or several; `kafkaBrokers`: a broker the test owns, instead of the run's. */
  constructor(number: string | string[], kafkaBrokers: string[] = testInfrastructure.kafkaBrokers) {
    this.numbers = [number].flat();
    this.stack = new ServiceStack(kafkaBrokers);
    this.kafka = createKafka({
      clientId: 'texting-fault-test',
      brokers: kafkaBrokers,
      logger: testLogger('kafka'),
    });
    this.producer = this.kafka.producer();
  }

  async start(
    settings: Record<string, string> = {},
    options: Parameters<ServiceStack['startMessagingProcess']>[1] = {},
  ): Promise<this> {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    await this.stack.start({
      TWILIO_PHONE_NUMBERS: this.numbers.join(','),
      TWILIO_INBOUND_WEBHOOK_URL: `${publicUrl}/api/webhooks/twilio/sms`,
      SANDBOX_CALLBACK_DELAY_MS: '50',
    });
    this.messaging = await this.stack.startMessagingProcess(
      { PUBLIC_API_URL: publicUrl, ...settings },
      options,
    );
    await this.stack.gateway({ PUBLIC_API_URL: publicUrl }, port);
    await this.producer.connect();
    this.inbox = new SandboxClient(this.stack.sandboxUrl);
    return this;
  }

  /** The first number: the team's when there is one. */
  get number(): string {
    return this.numbers[0] ?? '';
  }

  /** A team on `number` (see `publishTeam`: both media by default), read back through `database`, messaging's. */
  team(database: pg.Client, number = this.number, media?: Medium[]): Promise<TestTeam> {
    return publishTeam({
      producer: this.producer,
      topicPrefix: this.stack.topicPrefix,
      database,
      number,
      media,
    });
  }

  async stop(): Promise<void> {
    await this.producer.disconnect();
    await this.stack.stop();
  }
}

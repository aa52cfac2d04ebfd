import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { countCodes, type TestTeam, TextingStack } from '../testing/text-stream.fixture.js';

/** The sandbox account's number of the team: Twilio logs every text it receives. */
const NUMBER = '+14155550184';

describe('messaging SIGKILLed after a provider accepted a forward and before it recorded the send (the sandbox holds the answer; the gateway, messaging as a process, PostgreSQL, Redis, Kafka)', () => {
  const texting = new TextingStack(NUMBER);
  let database: pg.Client;
  let team: TestTeam;

  beforeAll(async () => {
    await texting.start();
    database = new pg.Client({ connectionString: texting.messaging.databaseUrl });
    await database.connect();
    team = await texting.team(database);
  });

  afterAll(async () => {
    await database?.end();
    await texting.stop();
  });

  /** The medium's forward of the text with `code`, once its status is `sent` or `delivered`. */
  const recorded = (code: string, medium: 'EMAIL' | 'SMS') =>
    eventually(
      `the ${medium} forward of ${code} recorded`,
      async () => {
        const { rows } = await database.query(
          `SELECT 1 FROM forward f JOIN inbound_message m ON m.message_id = f.message_id
            WHERE f.mfa_id = $1 AND f.medium = $2 AND m.body LIKE $3 AND f.status IN ('sent', 'delivered')`,
          [team.mfaId, medium, `%${code}%`],
        );
        return rows.length ? true : undefined;
      },
      90_000,
    );
  const received = async (channel: 'sms' | 'email', code: string) => {
    const to = channel === 'sms' ? team.mobile : team.email;
    const entries = await texting.inbox.messages({ channel, to, limit: 1000 });
    return countCodes(entries.map((entry) => ('body' in entry ? entry.body : entry.text))).get(code) ?? 0;
  };

  it('texts the code once: after the restart the worker finds in Twilio’s Messages list the SMS it sent and records it', async () => {
    const code = '311311';
    await texting.inbox.setFault({ provider: 'twilio', holdAnswer: true });
    await texting.inbox.sendInboundSms({ from: '+15550004444', to: NUMBER, body: `Your code is ${code}` });
    await eventually('Twilio accepted the SMS', async () =>
      (await received('sms', code)) ? true : undefined,
    );
    await recorded(code, 'EMAIL');
    await texting.messaging.kill();
    await texting.messaging.start();

    await recorded(code, 'SMS');
    expect(await received('sms', code)).toBe(1);
    expect(await received('email', code)).toBe(1);
    expect(
      await texting.messaging.counter('messaging_forward_ambiguous_sends_total', {
        medium: 'SMS',
        outcome: 'found_sent',
      }),
    ).toBe(1);
  }, 180_000);

  it('e-mails the code at most twice, and counts the second as an ambiguous re-send: SendGrid cannot be asked whether it sent', async () => {
    const code = '322322';
    await texting.inbox.setFault({ provider: 'sendgrid', holdAnswer: true });
    await texting.inbox.sendInboundSms({ from: '+15550004444', to: NUMBER, body: `Your code is ${code}` });
    await eventually('SendGrid accepted the e-mail', async () =>
      (await received('email', code)) ? true : undefined,
    );
    await recorded(code, 'SMS');
    await texting.messaging.kill();
    await texting.messaging.start();

    await recorded(code, 'EMAIL');
    expect(await received('sms', code)).toBe(1);
    expect(await received('email', code)).toBe(2);
    expect(
      await texting.messaging.counter('messaging_forward_ambiguous_sends_total', {
        medium: 'EMAIL',
        outcome: 'sent_again',
      }),
    ).toBe(1);
  }, 180_000);
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bot, Member } from '@multimfa/api-contract';
import { createKafka, readTopic } from '@multimfa/event-bus';
import { type EventEnvelope, invitationSent, openSecret, type PayloadOf } from '@multimfa/events';
import { SandboxClient } from '@multimfa/provider-sandbox';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import { testGatewayCaller, testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import twilio from 'twilio';
import { email, PASSWORD, signUpBody, verifyEmail } from '../testing/accounts.builder.js';
import { poolSandboxNumbers } from '../testing/number-pool.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, freePort, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

const AUTH_TOKEN = '5a4db0c55a4db0c55a4db0c55a4db0c5';
const ACCOUNT_SID = 'AC00000000000000000000000000000001';
/** The sandbox account's numbers, added to the pool: one for the MultiMFA, one for the RoboMFA. */
const NUMBERS = ['+14155550161', '+14155550162'];
/** How soon a deactivation or reactivation must reach every way in. */
const WITHIN_MS = 10_000;

const within = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = WITHIN_MS) => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) assert.fail(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('attack: a deactivated customer keeps no way in (real identity, numbers, messaging, gateway; Kafka, Redis, PostgreSQL; Twilio and SendGrid in the sandbox)', () => {
  const stack = new ServiceStack();
  const kafka = createKafka({
    clientId: 'deactivated-user-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: testLogger('kafka'),
  });
  let gatewayUrl: string;
  /** What Twilio posts to, as behind an Ingress: the gateway's own address here. */
  let publicUrl: string;
  let numbersUrl: string;
  let identityDb: pg.Client;
  let messagingDb: pg.Client;
  let inbox: SandboxClient;

  async function signUp(label: string) {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email(label);
    const answer = await browser.call<Answer<{ userId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress),
    );
    assert.equal(answer.status, 200);
    return { browser, emailAddress, userId: answer.body.data.userId };
  }

  /** An administrator (made one in the database, as the create-user command does), signed in. */
  async function admin(): Promise<Browser> {
    const account = await signUp('deactivating-admin');
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE user_id = $1`, [account.userId]);
    const browser = new Browser(gatewayUrl);
    const login = await browser.call('POST', '/api/auth/login', {
      emailAddress: account.emailAddress,
      password: PASSWORD,
    });
    assert.equal(login.status, 200);
    return browser;
  }

  /** The invitation token numbers sealed for messaging, opened as messaging does. */
  async function invitationToken(memberId: string): Promise<string> {
    return within(
      `the invitation of ${memberId}`,
      async () => {
        const sent = (await readTopic(kafka, `${stack.topicPrefix}${invitationSent.topic.name}`))
          .map(
            ({ message }) =>
              JSON.parse(message.value?.toString('utf8') ?? '{}') as EventEnvelope<
                PayloadOf<typeof invitationSent>
              >,
          )
          .find((event) => event.type === invitationSent.type && event.payload.memberId === memberId);
        return sent && openSecret(stack.sealingKey, sent.payload.sealedToken, sent.payload.invitationId);
      },
      30_000,
    );
  }

  /** A member of the MultiMFA who accepted the invitation: codes reach them by e-mail. */
  async function verifiedMember(owner: Browser, multiMFAId: string): Promise<string> {
    const address = `member-${randomBytes(3).toString('hex')}@example.com`;
    const added = await owner.call<Answer<{ dbMember: Member }>>('POST', '/api/plan/add-member', {
      multiMFAId,
      firstName: 'Mia',
      lastName: 'Member',
      forwardMedium: 'EMAIL',
      email: address,
      mobileNo: '',
    });
    assert.equal(added.status, 200, added.body.message);
    const memberId = added.body.data.dbMember.memberId;
    assert.equal((await owner.call('POST', '/api/plan/request-activation', { memberId })).status, 200);
    const token = await invitationToken(memberId);
    assert.equal(
      (await new Browser(gatewayUrl).call('POST', '/api/plan/activate-member', { token })).status,
      200,
    );
    await within(
      "the member verified in messaging's view",
      async () => {
        const { rows } = await messagingDb.query(
          `SELECT 1 FROM member_view WHERE member_id = $1 AND status = 'VERIFIED'`,
          [memberId],
        );
        return rows.length ? true : undefined;
      },
      30_000,
    );
    return address;
  }

  /** Twilio delivering a text to the number, signed as Twilio signs it. */
  async function text(to: string, body: string) {
    const messageSid = `SM${randomBytes(16).toString('hex')}`;
    const form = {
      MessageSid: messageSid,
      SmsSid: messageSid,
      AccountSid: ACCOUNT_SID,
      From: '+447700900555',
      To: to,
      Body: body,
      NumMedia: '0',
      ApiVersion: '2010-04-01',
    };
    const path = '/api/webhooks/twilio/sms';
    const answer = await fetch(`${gatewayUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${publicUrl}${path}`, form),
      },
      body: new URLSearchParams(form).toString(),
    });
    assert.equal(answer.status, 200);
    const { rows } = await messagingDb.query(
      `SELECT m.message_id, (SELECT count(*)::int FROM forward f WHERE f.message_id = m.message_id) AS forwards,
              (SELECT array_agg(l.log_type) FROM message_log l WHERE l.message_id = m.message_id) AS logs
         FROM inbound_message m WHERE m.message_sid = $1`,
      [messageSid],
    );
    assert.equal(rows.length, 1, 'the text is stored');
    return { forwards: rows[0].forwards as number, logs: rows[0].logs as string[] };
  }

  /** A bot's call with its API key, as a bot makes it (no cookies, no XSRF). */
  async function botCall(key: string) {
    const response = await fetch(`${gatewayUrl}/api/bot/v1/messages?limit=0`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return { status: response.status, body: (await response.json()) as Answer<unknown> };
  }

  /** Once messaging's view holds the MFA (in)active, as numbers' events told it. */
  const viewedActive = (mfaId: string, isActive: boolean) =>
    within(`the MFA ${isActive ? 'active' : 'inactive'} in messaging's view`, async () => {
      const { rows } = await messagingDb.query('SELECT is_active FROM mfa_view WHERE mfa_id = $1', [mfaId]);
      return rows[0]?.is_active === isActive ? true : undefined;
    });

  /** The user's MFAs as numbers shows them (to the customer's pages and the administrators' views). */
  async function shown(userId: string) {
    const response = await fetch(`${numbersUrl}/users/${userId}/mfas`, {
      headers: await testGatewayCaller.headers('numbers'),
    });
    return ((await response.json()) as MfaRecord[])
      .map((mfa) => ({ MFAType: mfa.MFAType, isActive: mfa.isActive, autoRenewal: mfa.autoRenewal }))
      .sort((a, b) => a.MFAType.localeCompare(b.MFAType));
  }

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    await stack.start({ TWILIO_PHONE_NUMBERS: NUMBERS.join(',') });
    numbersUrl = (await stack.startNumbers()).url;
    const messagingUrl = await stack.startMessaging({ PUBLIC_API_URL: publicUrl });
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl, PUBLIC_API_URL: publicUrl }, port)).url;
    identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
    messagingDb = new pg.Client({ connectionString: messagingUrl });
    await messagingDb.connect();
    inbox = new SandboxClient(stack.sandboxUrl);
  });

  afterAll(async () => {
    await identityDb?.end();
    await messagingDb?.end();
    await stack.stop();
  });

  it('within seconds of an administrator deactivating a customer, their bot keys answer 401 as a deleted bot’s key and their MultiMFA keeps texts unforwarded, auto-renewal shows off; reactivation gives bots and forwarding back, auto-renewal left off', async () => {
    const administrator = await admin();
    await poolSandboxNumbers(stack.sandboxUrl, administrator);
    const countries = await administrator.call<Answer<Array<{ multiMFACountryId: number; name: string }>>>(
      'GET',
      '/api/plan/getMFACountries',
    );
    const countryId =
      countries.body.data.find((country) => country.name === 'United States')?.multiMFACountryId ?? 0;

    const customer = await signUp('deactivated-customer');
    await verifyEmail(stack, customer.browser, customer.emailAddress);
    const team = await applyPurchase(
      numbersUrl,
      completedPurchase({ userId: customer.userId, MFAType: 'MultiMFA', countryId }),
    );
    const robo = await applyPurchase(
      numbersUrl,
      completedPurchase({ userId: customer.userId, MFAType: 'RoboMFA', countryId }),
    );
    assert.ok(team.number && robo.number, 'both MFAs got a number of the pool');
    const member = await verifiedMember(customer.browser, team.mfaId);
    const createBot = async (referenceName: string) => {
      const created = await customer.browser.call<Answer<Bot>>('POST', '/api/robo-mfa/create-bot', {
        roboMFAId: robo.mfaId,
        referenceName,
      });
      assert.equal(created.status, 200, created.body.message);
      return created.body.data;
    };
    const reader = await createBot('reader');
    const deleted = await createBot('deleted');
    assert.equal((await botCall(reader.APIKey)).status, 200);
    assert.equal(
      (await customer.browser.call('DELETE', `/api/robo-mfa/remove-bot/${deleted.botId}`)).status,
      200,
    );
    const revoked = await within('the deleted bot’s key refused', async () => {
      const answer = await botCall(deleted.APIKey);
      return answer.status === 401 ? answer : undefined;
    });
    expect(await text(team.number, 'Your code is 100001')).toStrictEqual({ forwards: 1, logs: ['INFO'] });
    expect(await shown(customer.userId)).toStrictEqual([
      { MFAType: 'MultiMFA', isActive: true, autoRenewal: true },
      { MFAType: 'RoboMFA', isActive: true, autoRenewal: true },
    ]);

    const off = await administrator.call('PATCH', `/api/admin/user/${customer.userId}`, { isActive: false });
    assert.equal(off.status, 200);
    expect(
      await within('the bot key refused', async () => {
        const answer = await botCall(reader.APIKey);
        return answer.status === 401 ? answer : undefined;
      }),
    ).toStrictEqual(revoked);
    await viewedActive(team.mfaId, false);
    const cursor = await inbox.cursor();
    expect(await text(team.number, 'Your code is 200002')).toStrictEqual({ forwards: 0, logs: ['WARNING'] });
    expect(await shown(customer.userId)).toStrictEqual([
      { MFAType: 'MultiMFA', isActive: false, autoRenewal: false },
      { MFAType: 'RoboMFA', isActive: false, autoRenewal: false },
    ]);

    const on = await administrator.call('PATCH', `/api/admin/user/${customer.userId}`, { isActive: true });
    assert.equal(on.status, 200);
    await within('the bot key working again', async () =>
      (await botCall(reader.APIKey)).status === 200 ? true : undefined,
    );
    assert.equal((await botCall(deleted.APIKey)).status, 401, 'a deleted bot stays deleted');
    await viewedActive(team.mfaId, true);
    expect(await text(team.number, 'Your code is 300003')).toStrictEqual({ forwards: 1, logs: ['INFO'] });
    const forwarded = await inbox.waitForEmail(member, { after: cursor, timeoutMs: 30_000 });
    assert.match(forwarded.text ?? '', /300003/);
    const mails = await inbox.messages({ channel: 'email', to: member, after: cursor });
    assert.equal(mails.length, 1, 'the text that came while deactivated was never forwarded');
    expect(await shown(customer.userId)).toStrictEqual([
      { MFAType: 'MultiMFA', isActive: true, autoRenewal: false },
      { MFAType: 'RoboMFA', isActive: true, autoRenewal: false },
    ]);
  });
});

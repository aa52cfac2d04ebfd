import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Member } from '@multimfa/api-contract';
import { createKafka, readTopic } from '@multimfa/event-bus';
import { type EventEnvelope, invitationSent, type PayloadOf } from '@multimfa/events';
import { SandboxClient, type SmsEntry } from '@multimfa/provider-sandbox';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import { testGatewayCaller, testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { email, PASSWORD, signUpBody, verifiedCustomer } from '../testing/accounts.builder.js';
import { poolSandboxNumbers } from '../testing/number-pool.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, freePort, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

/**
 * The sandbox account's numbers, added to the pool: the two MultiMFAs whose invitation SMS are read
 * (United States) get them; the others (United Kingdom) wait for a number and invite by e-mail.
 */
const NUMBERS = ['+14155550191', '+14155550192'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('attack: invitations cannot be used to send paid SMS (real identity, numbers, messaging, gateway; Kafka, Redis, PostgreSQL; Twilio and SendGrid in the sandbox)', () => {
  const stack = new ServiceStack();
  const kafka = createKafka({
    clientId: 'invitation-limits-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: testLogger('kafka'),
  });
  let gatewayUrl: string;
  let numbersUrl: string;
  let numbersDb: pg.Client;
  let identityDb: pg.Client;
  let inbox: SandboxClient;
  let usCountryId: number;
  let ukCountryId: number;

  /** The sandbox account's numbers added to the pool by a new administrator. */
  async function pool(): Promise<void> {
    const signUp = new Browser(gatewayUrl);
    const emailAddress = email('limits-admin');
    const answer = await signUp.call<Answer<{ userId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress),
    );
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE user_id = $1`, [
      answer.body.data.userId,
    ]);
    const administrator = new Browser(gatewayUrl);
    assert.equal(
      (await administrator.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD })).status,
      200,
    );
    await poolSandboxNumbers(stack.sandboxUrl, administrator);
  }

  /** A MultiMFA of the user with `seats` seats, applied as the gateway applies a completed purchase. */
  function bought(userId: string, seats: number, countryId = ukCountryId): Promise<MfaRecord> {
    return applyPurchase(
      numbersUrl,
      completedPurchase({ userId, MFAType: 'MultiMFA', countryId, noOfUsers: seats }),
    );
  }

  async function added(browser: Browser, multiMFAId: string, fields: Record<string, unknown>) {
    const answer = await browser.call<Answer<{ dbMember: Member }>>('POST', '/api/plan/add-member', {
      multiMFAId,
      lastName: 'Invitee',
      forwardMedium: 'EMAIL',
      email: `${randomUUID()}@example.com`,
      mobileNo: '',
      ...fields,
    });
    assert.equal(answer.status, 200, answer.body.message);
    return answer.body.data.dbMember;
  }

  /** Numbers' own invitation call, as the gateway makes it (its answer in the same error shape). */
  async function internalInvite(userId: string, memberId: string) {
    const response = await fetch(`${numbersUrl}/users/${userId}/members/${memberId}/invitations`, {
      method: 'POST',
      headers: await testGatewayCaller.headers('numbers'),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  const invite = (browser: Browser, memberId: string) =>
    browser.call('POST', '/api/plan/request-activation', { memberId });

  /** The invitation SMS the sandbox received for `to` since `cursor`, once no new one came for 2 s. */
  async function settledSms(to: string, cursor: number, atLeast: number): Promise<SmsEntry[]> {
    const read = async () =>
      (await inbox.messages({ channel: 'sms', direction: 'outbound', to, after: cursor })) as SmsEntry[];
    const end = Date.now() + 30_000;
    let texts = await read();
    while (texts.length < atLeast && Date.now() < end) {
      await sleep(200);
      texts = await read();
    }
    await sleep(2_000);
    return read();
  }

  /**
   * The invitations numbers published for the MFA (each one an e-mail or SMS messaging sends), once
   * `expected` came or 15 s passed, and no other came a second later.
   */
  async function published(mfaId: string, expected: number): Promise<number> {
    const count = async () =>
      (await readTopic(kafka, `${stack.topicPrefix}${invitationSent.topic.name}`))
        .map(
          ({ message }) =>
            JSON.parse(message.value?.toString('utf8') ?? '{}') as EventEnvelope<
              PayloadOf<typeof invitationSent>
            >,
        )
        .filter((event) => event.type === invitationSent.type && event.payload.mfaId === mfaId).length;
    const end = Date.now() + 15_000;
    while ((await count()) < expected && Date.now() < end) await sleep(200);
    await sleep(1_000);
    return count();
  }

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    await stack.start({ TWILIO_PHONE_NUMBERS: NUMBERS.join(',') });
    const numbers = await stack.startNumbers();
    numbersUrl = numbers.url;
    await stack.startMessaging({ PUBLIC_API_URL: publicUrl });
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl, PUBLIC_API_URL: publicUrl }, port)).url;
    numbersDb = new pg.Client({ connectionString: numbers.databaseUrl });
    await numbersDb.connect();
    identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
    inbox = new SandboxClient(stack.sandboxUrl);
    const countries = await new Browser(gatewayUrl).call<
      Answer<Array<{ multiMFACountryId: number; name: string }>>
    >('GET', '/api/plan/getMFACountries');
    const countryNamed = (name: string) =>
      countries.body.data.find((country) => country.name === name)?.multiMFACountryId ?? 0;
    usCountryId = countryNamed('United States');
    ukCountryId = countryNamed('United Kingdom');
    await pool();
  });

  afterAll(async () => {
    await numbersDb?.end();
    await identityDb?.end();
    await stack.stop();
  });

  it('12 request-activation calls for one member: the first 3 answer 200, the rest 429 MEMBER_INVITATIONS_EXCEEDED, and exactly 3 invitation SMS reach the member', async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'limits-member');
    const team = await bought(owner.userId, 2, usCountryId);
    assert.ok(team.number, 'the MultiMFA got the pool number its SMS go out from');
    const mobileNo = '+14155550281';
    const member = await added(owner.browser, team.mfaId, {
      firstName: 'Ivy',
      forwardMedium: 'MOBILE_NUMBER',
      email: '',
      mobileNo,
    });
    const cursor = await inbox.cursor();

    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push(await invite(owner.browser, member.memberId));

    expect(answers.map((answer) => answer.status)).toStrictEqual([200, 200, 200, ...Array(9).fill(429)]);
    expect(answers[3]?.body).toStrictEqual({
      isError: true,
      message: 'This member was already invited 3 times in the last 24 hours. Please try again tomorrow.',
      data: { code: 'MEMBER_INVITATIONS_EXCEEDED' },
    });
    const texts = await settledSms(mobileNo, cursor, 3);
    expect(texts.map((text) => [text.from, text.body.startsWith('Hi Ivy, ')])).toStrictEqual(
      Array(3).fill([team.number, true]),
    );
    assert.equal(await published(team.mfaId, 3), 3);
  });

  it('6 request-activation calls racing for one member: exactly 3 invitations are sent, the other 3 answer 429', async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'limits-race');
    const team = await bought(owner.userId, 2);
    const member = await added(owner.browser, team.mfaId, { firstName: 'Rae' });

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => invite(owner.browser, member.memberId)),
    );

    expect(answers.map((answer) => answer.status).sort()).toStrictEqual([200, 200, 200, 429, 429, 429]);
    assert.equal(await published(team.mfaId, 3), 3);
  });

  it('a MultiMFA sends at most 30 invitations a day: deleting members and adding new ones does not reset it, and of 4 new members invited at once for the last one exactly 1 gets it (429 MFA_INVITATIONS_EXCEEDED)', async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'limits-mfa');
    const team = await bought(owner.userId, 15);
    for (let i = 0; i < 10; i += 1) {
      const member = await added(owner.browser, team.mfaId, { firstName: 'Churn' });
      // 29 in all: the last churned member is invited twice.
      for (let sent = 0; sent < (i < 9 ? 3 : 2); sent += 1) {
        assert.equal((await invite(owner.browser, member.memberId)).status, 200);
      }
      assert.equal((await owner.browser.call('DELETE', `/api/plan/member/${member.memberId}`)).status, 200);
    }
    const fresh = [];
    for (const firstName of ['Ann', 'Bea', 'Cy', 'Di'])
      fresh.push(await added(owner.browser, team.mfaId, { firstName }));

    // Straight to numbers, as several gateway replicas would call it, all at once.
    const racing = await Promise.all(fresh.map((member) => internalInvite(owner.userId, member.memberId)));

    expect(racing.map((answer) => answer.status).sort()).toStrictEqual([201, 429, 429, 429]);
    expect(racing.find((answer) => answer.status === 429)?.body).toStrictEqual({
      isError: true,
      message: 'This MultiMFA already sent 30 invitations in the last 24 hours. Please try again tomorrow.',
      data: { code: 'MFA_INVITATIONS_EXCEEDED' },
    });
    assert.equal(await published(team.mfaId, 30), 30);
  });

  it('a customer sends at most 60 invitations a day across their MultiMFAs (429 CUSTOMER_INVITATIONS_EXCEEDED); another customer is still served', async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'limits-customer');
    const teams = [await bought(owner.userId, 15), await bought(owner.userId, 15)];
    for (const team of teams) {
      for (let i = 0; i < 10; i += 1) {
        const member = await added(owner.browser, team.mfaId, { firstName: 'Many' });
        for (let sent = 0; sent < 3; sent += 1) {
          assert.equal((await invite(owner.browser, member.memberId)).status, 200);
        }
      }
    }
    const third = await bought(owner.userId, 2);
    const member = await added(owner.browser, third.mfaId, { firstName: 'Last' });
    const other = await verifiedCustomer(stack, gatewayUrl, 'limits-other');
    const otherTeam = await bought(other.userId, 2);
    const otherMember = await added(other.browser, otherTeam.mfaId, { firstName: 'Else' });

    const refused = await invite(owner.browser, member.memberId);
    const served = await invite(other.browser, otherMember.memberId);

    expect([refused.status, refused.body]).toStrictEqual([
      429,
      {
        isError: true,
        message: 'You already sent 60 invitations in the last 24 hours. Please try again tomorrow.',
        data: { code: 'CUSTOMER_INVITATIONS_EXCEEDED' },
      },
    ]);
    assert.equal(served.status, 200);
    assert.equal(await published(third.mfaId, 0), 0);
  });

  it('a member named "Verify at evil.example" is refused with 400 and no SMS; a name stored before the rule keeps working and is left out of the SMS', async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'limits-name');
    const team = await bought(owner.userId, 2, usCountryId);
    assert.ok(team.number, 'the MultiMFA got the pool number its SMS go out from');
    const mobileNo = '+14155550282';
    const cursor = await inbox.cursor();

    const refused = await owner.browser.call('POST', '/api/plan/add-member', {
      multiMFAId: team.mfaId,
      firstName: 'Verify at evil.example',
      lastName: 'Invitee',
      forwardMedium: 'MOBILE_NUMBER',
      mobileNo,
      email: '',
    });
    expect([refused.status, refused.body.message]).toStrictEqual([
      400,
      "First name may hold only letters, spaces and . ' -",
    ]);
    const { rows } = await numbersDb.query('SELECT count(*)::int AS n FROM member WHERE mfa_id = $1', [
      team.mfaId,
    ]);
    assert.equal(rows[0].n, 0);

    // A member stored before the rule, with the same name: invited, the SMS greets without it.
    const legacyId = randomUUID();
    await numbersDb.query(
      `INSERT INTO member (member_id, mfa_id, first_name, last_name, mobile_no, email, forward_medium, status)
       VALUES ($1, $2, 'Verify at evil.example', 'Invitee', $3, '', 'MOBILE_NUMBER', 'AWAITING_INVITE')`,
      [legacyId, team.mfaId, mobileNo],
    );
    assert.equal((await invite(owner.browser, legacyId)).status, 200);
    const texts = await settledSms(mobileNo, cursor, 1);
    expect(texts.map((text) => text.body.startsWith('Hi, '))).toStrictEqual([true]);
    assert.ok(!texts.some((text) => text.body.includes('evil.example')), 'the stored name is not texted');
  });
});

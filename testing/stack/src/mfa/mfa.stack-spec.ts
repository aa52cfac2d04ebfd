import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MultiMfa, RoboMfa, SessionMfa, WaitingMfa } from '@multimfa/api-contract';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import pg from 'pg';
import { email, PASSWORD, signUpBody, verifiedCustomer } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

describe('the dashboard lists, the login MFAs and the waiting list through the gateway (real numbers, identity, billing)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersUrl: string;
  let gbCountryId: number;

  /** A new customer's browser (signed in by sign-up), its address and user id. */
  async function customer(label: string) {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email(label);
    const signUp = await browser.call<Answer<{ userId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress),
    );
    assert.equal(signUp.status, 200);
    return { browser, emailAddress, userId: signUp.body.data.userId };
  }

  /** Billing's completed purchase, applied as the gateway applies it. */
  async function bought(userId: string, MFAType: 'MultiMFA' | 'RoboMFA', name: string): Promise<MfaRecord> {
    return applyPurchase(numbersUrl, completedPurchase({ userId, MFAType, name, countryId: gbCountryId }));
  }

  beforeAll(async () => {
    await stack.start();
    numbersUrl = (await stack.startNumbers()).url;
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    const countries = await new Browser(gatewayUrl).call<
      Answer<Array<{ multiMFACountryId: number; name: string }>>
    >('GET', '/api/plan/getMFACountries');
    gbCountryId =
      countries.body.data.find((country) => country.name === 'United Kingdom')?.multiMFACountryId ?? 0;
  });

  afterAll(async () => {
    await stack.stop();
  });

  it("lists only the caller's own MultiMFAs and RoboMFAs in the documented shapes, pending while no number is free", async () => {
    const owner = await customer('lists-owner');
    const other = await customer('lists-other');
    const team = await bought(owner.userId, 'MultiMFA', 'Ops team');
    const robot = await bought(owner.userId, 'RoboMFA', 'CI bots');
    await bought(other.userId, 'MultiMFA', 'Not yours');

    const multi = await owner.browser.call<Answer<{ list: MultiMfa[] }>>('GET', '/api/plan/list-multimfa');
    assert.equal(multi.status, 200);
    expect(multi.body.data.list).toStrictEqual([
      {
        multiMFAId: team.mfaId,
        twillioNo: '',
        name: 'Ops team',
        description: '',
        multiMFACountry: { name: 'United Kingdom', code: '+44' },
        autoRenewal: true,
        nextPaymentDate: team.nextPaymentDate,
        isSubscriptionActive: true,
        isActive: true,
        isNumberPending: true,
        plans: { planId: 1, planName: 'Basic', basePrice: 5, noOfUsers: 2 },
        createdAt: team.createdAt,
        Members: [],
      },
    ]);
    const robo = await owner.browser.call<Answer<{ list: RoboMfa[] }>>('GET', '/api/robo-mfa/list');
    expect(robo.body.data.list.map((mfa) => [mfa.roboMFAId, mfa.twilioNo, mfa.bots])).toStrictEqual([
      [robot.mfaId, '', []],
    ]);
    const othersRobots = await other.browser.call<Answer<{ list: RoboMfa[] }>>('GET', '/api/robo-mfa/list');
    expect(othersRobots.body.data.list).toStrictEqual([]);
    assert.equal((await new Browser(gatewayUrl).call('GET', '/api/plan/list-multimfa')).status, 401);
  });

  it("fills the login response's MFAs with the user's own MFAs of both kinds, each with its MFAType", async () => {
    const owner = await customer('login');
    const robot = await bought(owner.userId, 'RoboMFA', 'Login bots');
    const team = await bought(owner.userId, 'MultiMFA', 'Login team');
    const browser = new Browser(gatewayUrl);
    const login = await browser.call<Answer<{ MFAs: SessionMfa[] }>>('POST', '/api/auth/login', {
      emailAddress: owner.emailAddress,
      password: PASSWORD,
    });
    assert.equal(login.status, 200);
    expect(
      login.body.data.MFAs.map((mfa) => [mfa.MFAType, 'multiMFAId' in mfa ? mfa.multiMFAId : mfa.roboMFAId]),
    ).toStrictEqual([
      ['MultiMFA', team.mfaId],
      ['RoboMFA', robot.mfaId],
    ]);
  });

  it("names a MultiMFA's members and a RoboMFA's bots by id in list-multimfa, robo-mfa/list and the login response's MFAs", async () => {
    const owner = await verifiedCustomer(stack, gatewayUrl, 'listed-ids');
    const team = await bought(owner.userId, 'MultiMFA', 'Listed team');
    const robot = await bought(owner.userId, 'RoboMFA', 'Listed bots');
    const memberIds: string[] = [];
    for (const firstName of ['Ada', 'Grace']) {
      const added = await owner.browser.call<Answer<{ dbMember: { memberId: string } }>>(
        'POST',
        '/api/plan/add-member',
        {
          multiMFAId: team.mfaId,
          firstName,
          lastName: 'Listed',
          forwardMedium: 'EMAIL',
          email: `${firstName.toLowerCase()}@example.com`,
          mobileNo: '',
        },
      );
      assert.equal(added.status, 200);
      memberIds.push(added.body.data.dbMember.memberId);
    }
    const botIds: string[] = [];
    for (const referenceName of ['build', 'deploy']) {
      const created = await owner.browser.call<Answer<{ botId: string }>>(
        'POST',
        '/api/robo-mfa/create-bot',
        {
          roboMFAId: robot.mfaId,
          referenceName,
        },
      );
      assert.equal(created.status, 200);
      botIds.push(created.body.data.botId);
    }
    const members = memberIds.map((memberId) => ({ memberId }));
    const bots = botIds.map((botId) => ({ botId }));

    const multi = await owner.browser.call<Answer<{ list: MultiMfa[] }>>('GET', '/api/plan/list-multimfa');
    expect(multi.body.data.list.map((mfa) => [mfa.multiMFAId, mfa.Members])).toStrictEqual([
      [team.mfaId, members],
    ]);
    const robo = await owner.browser.call<Answer<{ list: RoboMfa[] }>>('GET', '/api/robo-mfa/list');
    expect(robo.body.data.list.map((mfa) => [mfa.roboMFAId, mfa.bots])).toStrictEqual([[robot.mfaId, bots]]);
    const login = await new Browser(gatewayUrl).call<Answer<{ MFAs: SessionMfa[] }>>(
      'POST',
      '/api/auth/login',
      {
        emailAddress: owner.emailAddress,
        password: PASSWORD,
      },
    );
    expect(
      login.body.data.MFAs.map((mfa) =>
        mfa.MFAType === 'MultiMFA' ? [mfa.multiMFAId, mfa.Members] : [mfa.roboMFAId, mfa.bots],
      ),
    ).toStrictEqual([
      [robot.mfaId, bots],
      [team.mfaId, members],
    ]);
  });

  it('shows administrators the MFAs waiting for a number; customers get 403', async () => {
    const owner = await customer('waiting');
    const waiting = await bought(owner.userId, 'MultiMFA', 'Waiting team');
    const adminAddress = `admin-${randomBytes(3).toString('hex')}@example.com`;
    await new Browser(gatewayUrl).call('POST', '/api/auth/signup', signUpBody(adminAddress));
    const identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE email_address = $1`, [
      adminAddress,
    ]);
    await identityDb.end();
    const admin = new Browser(gatewayUrl);
    assert.equal(
      (await admin.call('POST', '/api/auth/login', { emailAddress: adminAddress, password: PASSWORD }))
        .status,
      200,
    );
    const list = await admin.call<Answer<WaitingMfa[]>>('GET', '/api/admin/twilio-numbers/waiting');
    assert.equal(list.status, 200);
    expect(list.body.data.find((entry) => entry.mfaId === waiting.mfaId)).toStrictEqual({
      mfaId: waiting.mfaId,
      MFAType: 'MultiMFA',
      name: 'Waiting team',
      country: { countryId: gbCountryId, name: 'United Kingdom', code: '+44', isoCode: 'GB' },
      waitingSince: expect.any(String),
    });
    assert.equal((await owner.browser.call('GET', '/api/admin/twilio-numbers/waiting')).status, 403);
  });

  it('answered every successful call above in its endpoint\u2019s documented response schema', () => {
    const checked = assertAnswersMatchContract();
    for (const operation of ['listMultiMfas', 'listRoboMfas', 'login', 'listWaitingMfas']) {
      assert.ok(checked.has(operation), operation);
    }
  });
});

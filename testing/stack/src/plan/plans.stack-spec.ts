import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { signedUpCustomer } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type PlanList = {
  isError: boolean;
  message: string;
  data: { plans: Array<{ planId: number; planName: string; noOfUsers: number; features: string[] }> };
};

const TEAM_FEATURES = ['Codes forwarded by e-mail, SMS or both', 'Members join by invitation'];
const BOT_FEATURES = ['Bots read or wait for codes over HTTP'];

/** A seeded plan as the pricing pages receive it: its seats or bots line, its figures, its own lines. */
function seeded(
  [planId, planName, description]: [number, string, string],
  [basePrice, noOfUsers, texts]: [number, number, string],
  [holders, own]: [string, string[]],
) {
  const figures = [
    'One shared number',
    `Extra numbers $${basePrice} per month`,
    `Up to ${texts} texts per month`,
    'Extra texts $0.02 each',
  ];
  return { planId, planName, description, basePrice, noOfUsers, features: [holders, ...figures, ...own] };
}

describe('the plan catalogue through the gateway (real billing and its PostgreSQL)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let customer: Browser;

  /** Runs SQL on billing's database, as an operator editing the catalogue would. */
  async function onBilling(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: stack.databases[1] });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await stack.start();
    gatewayUrl = (await stack.gateway()).url;
    customer = await signedUpCustomer(gatewayUrl, 'plans');
  });

  afterAll(async () => {
    await stack.stop();
  });

  it('lists the three seeded MultiMFA plans to an anonymous visitor, cheapest first', async () => {
    const { status, body } = await new Browser(gatewayUrl).call<PlanList>('GET', '/api/plan/list');
    assert.equal(status, 200);
    expect(body).toStrictEqual({
      isError: false,
      message: '',
      data: {
        plans: [
          seeded(
            [1, 'Basic', 'For a small team sharing the codes of a few accounts.'],
            [5, 2, '100'],
            ['Up to 2 users per shared number', TEAM_FEATURES],
          ),
          seeded(
            [2, 'Professional', 'For a growing team with more people on each sign-in.'],
            [15, 5, '500'],
            ['Up to 5 users per shared number', TEAM_FEATURES],
          ),
          seeded(
            [3, 'Enterprise', 'For a whole department on one shared number.'],
            [25, 15, '2,000'],
            ['Up to 15 users per shared number', TEAM_FEATURES],
          ),
        ],
      },
    });
  });

  it('lists the three seeded RoboMFA plans, with the bot limit as noOfUsers, to a signed-in customer', async () => {
    const { status, body } = await customer.call<PlanList>('GET', '/api/plan/list-robomfa-plans');
    assert.equal(status, 200);
    expect(body).toStrictEqual({
      isError: false,
      message: '',
      data: {
        plans: [
          seeded(
            [4, 'Basic', 'For a single bot that needs SMS codes.'],
            [5, 1, '100'],
            ['1 bot with its own API key', BOT_FEATURES],
          ),
          seeded(
            [5, 'Professional', 'For a handful of automated jobs.'],
            [15, 5, '500'],
            ['Up to 5 bots, each with its own API key', BOT_FEATURES],
          ),
          seeded(
            [6, 'Enterprise', 'For fleets of bots and test pipelines.'],
            [25, 15, '2,000'],
            ['Up to 15 bots, each with its own API key', BOT_FEATURES],
          ),
        ],
      },
    });
  });

  it('answers an anonymous caller of the RoboMFA plans with 401 in the error shape', async () => {
    const { status, body } = await new Browser(gatewayUrl).call('GET', '/api/plan/list-robomfa-plans');
    assert.equal(status, 401);
    assert.equal(body.isError, true);
    assert.equal(body.data?.code, 'UNAUTHENTICATED');
  });

  it('follows an edit of the catalogue data: new seat count in its card, a deactivated plan left out', async () => {
    await onBilling("UPDATE plan SET no_of_users = 3 WHERE mfa_type = 'MultiMFA' AND plan_name = 'Basic'");
    await onBilling(
      "UPDATE plan SET is_active = false WHERE mfa_type = 'MultiMFA' AND plan_name = 'Enterprise'",
    );
    try {
      const { body } = await customer.call<PlanList>('GET', '/api/plan/list');
      expect(body.data.plans.map((plan) => [plan.planName, plan.noOfUsers, plan.features[0]])).toStrictEqual([
        ['Basic', 3, 'Up to 3 users per shared number'],
        ['Professional', 5, 'Up to 5 users per shared number'],
      ]);
      const robo = await customer.call<PlanList>('GET', '/api/plan/list-robomfa-plans');
      expect(robo.body.data.plans.map((plan) => plan.planName)).toStrictEqual([
        'Basic',
        'Professional',
        'Enterprise',
      ]);
    } finally {
      await onBilling("UPDATE plan SET no_of_users = 2 WHERE mfa_type = 'MultiMFA' AND plan_name = 'Basic'");
      await onBilling(
        "UPDATE plan SET is_active = true WHERE mfa_type = 'MultiMFA' AND plan_name = 'Enterprise'",
      );
    }
  });

  it('answered every successful call above in its endpoint\u2019s documented response schema', () => {
    const checked = assertAnswersMatchContract();
    assert.ok(checked.has('listPlans'));
    assert.ok(checked.has('listRoboMfaPlans'));
  });
});

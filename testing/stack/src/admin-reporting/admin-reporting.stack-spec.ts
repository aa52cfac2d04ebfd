import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminMultiMfa, AdminRoboMfa, DashboardStats } from '@multimfa/api-contract';
import pg from 'pg';
import { email, PASSWORD, signUpBody } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 300; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${what} did not happen`);
}

describe('admin reporting through the gateway (real identity, numbers, admin-reporting, Kafka)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersUrl: string;
  let numbersDb: pg.Client;
  let admin: Browser;
  let customer: Browser;
  let customerId: string;
  let gbCountryId: number;

  async function signedUp(userType: 'ADMIN' | 'CUSTOMER'): Promise<{ browser: Browser; userId: string }> {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email(`reporting-${userType.toLowerCase()}`);
    const signUp = await browser.call<Answer<{ userId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress),
    );
    assert.equal(signUp.status, 200);
    if (userType === 'CUSTOMER') return { browser, userId: signUp.body.data.userId };
    const identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE email_address = $1`, [
      emailAddress,
    ]);
    await identityDb.end();
    const signedIn = new Browser(gatewayUrl);
    const login = await signedIn.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD });
    assert.equal(login.status, 200);
    return { browser: signedIn, userId: signUp.body.data.userId };
  }

  const bought = (MFAType: 'MultiMFA' | 'RoboMFA', name: string) =>
    applyPurchase(
      numbersUrl,
      completedPurchase({ userId: customerId, MFAType, name, countryId: gbCountryId }),
    );

  const multiMfas = async () =>
    (await admin.call<Answer<AdminMultiMfa[]>>('GET', '/api/admin/multimfas')).body.data;
  const roboMfas = async () =>
    (await admin.call<Answer<AdminRoboMfa[]>>('GET', '/api/admin/robomfas')).body.data;

  beforeAll(async () => {
    await stack.start();
    const numbers = await stack.startNumbers({ settings: { TWILIO_API_URL: 'http://127.0.0.1:1' } });
    numbersUrl = numbers.url;
    await stack.startAdminReporting();
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    numbersDb = new pg.Client({ connectionString: numbers.databaseUrl });
    await numbersDb.connect();
    admin = (await signedUp('ADMIN')).browser;
    ({ browser: customer, userId: customerId } = await signedUp('CUSTOMER'));
    const countries = await customer.call<Answer<Array<{ multiMFACountryId: number; name: string }>>>(
      'GET',
      '/api/plan/getMFACountries',
    );
    gbCountryId =
      countries.body.data.find((country) => country.name === 'United Kingdom')?.multiMFACountryId ?? 0;
  });

  afterAll(async () => {
    await numbersDb?.end();
    await stack.stop();
  });

  it('an admin sees the customer journey on the dashboard and lists, and deletes a MultiMFA and a RoboMFA: numbers deletes them, quarantines the number for 90 days, and the lists follow', async () => {
    const pooled = await admin.call('POST', '/api/admin/twilio-numbers', {
      mobileNo: `+4420718387${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`,
      sid: `PN${randomBytes(16).toString('hex')}`,
      referenceName: 'Reporting GB',
    });
    assert.equal(pooled.status, 200);
    const team = await bought('MultiMFA', 'Reported team');
    const robo = await bought('RoboMFA', 'Reported bots');
    const stats = await eventually(
      async () => (await admin.call<Answer<DashboardStats>>('GET', '/api/admin/dashboard-stats')).body.data,
      (data) => data.multiMFAs >= 1 && data.roboMFAs >= 1,
      'the dashboard counted the MFAs',
    );
    assert.ok(stats.users.daily >= 1, 'the customer signed up today');
    const listed = await eventually(
      multiMfas,
      (rows) => rows.some((row) => row.multiMFAId === team.mfaId),
      'the MultiMFA was listed',
    );
    expect(listed.find((row) => row.multiMFAId === team.mfaId)).toMatchObject({
      name: 'Reported team',
      isActive: true,
      plans: { planName: 'Basic', planId: 1 },
      owner: { userId: customerId },
      members: 0,
    });

    const wrongKind = await admin.call('DELETE', `/api/admin/robomfa/${team.mfaId}`);
    assert.equal(wrongKind.status, 404);
    const numberId = (
      await numbersDb.query('SELECT phone_number_id FROM mfa WHERE mfa_id = $1', [team.mfaId])
    ).rows[0].phone_number_id as number | null;
    assert.notEqual(numberId, null, 'the MultiMFA took the pooled number');

    const removed = await admin.call<Answer<null>>('DELETE', `/api/admin/multimfa/${team.mfaId}`);
    expect([removed.status, removed.body]).toStrictEqual([
      200,
      { isError: false, message: 'MultiMFA deleted successfully', data: null },
    ]);
    const removedRobo = await admin.call<Answer<null>>('DELETE', `/api/admin/robomfa/${robo.mfaId}`);
    expect([removedRobo.status, removedRobo.body]).toStrictEqual([
      200,
      { isError: false, message: 'RoboMFA deleted successfully', data: null },
    ]);
    const again = await admin.call('DELETE', `/api/admin/multimfa/${team.mfaId}`);
    assert.equal(again.status, 404);
    const unknown = await admin.call('DELETE', `/api/admin/multimfa/${randomUUID()}`);
    assert.equal(unknown.status, 404);
    const bad = await admin.call('DELETE', '/api/admin/multimfa/not-an-id');
    assert.deepEqual([bad.status, bad.body.message], [400, 'MultiMFA not found']);

    const left = await numbersDb.query('SELECT count(*)::int AS n FROM mfa WHERE mfa_id = ANY($1)', [
      [team.mfaId, robo.mfaId],
    ]);
    assert.equal(left.rows[0].n, 0);
    const state = await numbersDb.query(
      `SELECT state, quarantined_until BETWEEN now() + interval '89 days' AND now() + interval '91 days' AS "ninetyDays"
         FROM phone_number WHERE phone_number_id = $1`,
      [numberId],
    );
    assert.deepEqual(state.rows[0], { state: 'QUARANTINED', ninetyDays: true });
    await eventually(
      multiMfas,
      (rows) => !rows.some((row) => row.multiMFAId === team.mfaId),
      'MultiMFA gone',
    );
    await eventually(roboMfas, (rows) => !rows.some((row) => row.roboMFAId === robo.mfaId), 'RoboMFA gone');
  });

  it('attack: a customer gets 403 from every admin reporting call, an anonymous caller 401, and nothing is deleted', async () => {
    const team = await bought('MultiMFA', 'Attacked team');
    const robo = await bought('RoboMFA', 'Attacked bots');
    const calls: Array<[string, string]> = [
      ['GET', '/api/admin/dashboard-stats'],
      ['GET', '/api/admin/members'],
      ['GET', '/api/admin/multimfas?from=2020-01-01'],
      ['GET', '/api/admin/robomfas'],
      ['GET', '/api/admin/logs?log=INFO&page=2'],
      ['GET', '/api/admin/logs/export'],
      ['GET', '/api/admin/advanced-logs'],
      ['DELETE', `/api/admin/multimfa/${team.mfaId}`],
      ['DELETE', `/api/admin/robomfa/${robo.mfaId}`],
      ['POST', '/api/admin/graphql'],
    ];
    const anonymous = new Browser(gatewayUrl);
    const query = { query: '{ logs(first: 1) { pageInfo { hasNextPage } } }' };
    for (const [method, path] of calls) {
      const body = method === 'POST' ? query : undefined;
      const asCustomer = await customer.call(method, path, body);
      assert.equal(asCustomer.status, 403, `${method} ${path} as a customer`);
      assert.equal(asCustomer.body.isError, true);
      const asAnonymous = await anonymous.call(method, path, body);
      assert.equal(asAnonymous.status, 401, `${method} ${path} anonymously`);
    }
    const left = await numbersDb.query('SELECT count(*)::int AS n FROM mfa WHERE mfa_id = ANY($1)', [
      [team.mfaId, robo.mfaId],
    ]);
    assert.equal(left.rows[0].n, 2);
  });

  it('an admin reads the logs page by page within bounds, their export and the advanced logs; a bad filter is a 400 with its message', async () => {
    const page = await admin.call<Answer<unknown[]> & { page: { page: number; pageCount: number } }>(
      'GET',
      '/api/admin/logs?page=99999&log=ERROR&mobileNo=%2B12125550100&from=2025-01-01&to=2025-01-02',
    );
    expect([page.status, page.body.data, page.body.page]).toStrictEqual([
      200,
      [],
      { page: 1, pageSize: 25, pageCount: 1, total: 0 },
    ]);
    const exported = await admin.call<Answer<unknown[]>>('GET', '/api/admin/logs/export?log=INFO');
    assert.equal(exported.status, 200);
    const advanced = await admin.call<Answer<Array<{ userId: string }>>>('GET', '/api/admin/advanced-logs');
    assert.equal(advanced.status, 200);
    const bad = await admin.call('GET', '/api/admin/logs?page=0');
    assert.deepEqual([bad.status, bad.body.message], [400, 'page must be a whole number from 1']);
  });

  it('an admin queries GraphQL: the log connection through the gateway, a too-costly query refused with its cost, a body without a query a 400', async () => {
    const answer = await admin.call<{
      data: { logs: { edges: unknown[]; pageInfo: { hasNextPage: boolean } } };
    }>('POST', '/api/admin/graphql', {
      query:
        'query { logs(first: 2) { edges { cursor node { multiMFALogId } } pageInfo { hasNextPage endCursor } } }',
    });
    assert.equal(answer.status, 200);
    assert.ok(Array.isArray(answer.body.data.logs.edges));
    assert.equal(typeof answer.body.data.logs.pageInfo.hasNextPage, 'boolean');
    const costly = await admin.call<{ errors: Array<{ message: string }> }>('POST', '/api/admin/graphql', {
      query:
        '{ logs(first: 100) { edges { cursor node { multiMFALogId logType mobileNo message createdAt members { firstName lastName } } } pageInfo { hasNextPage endCursor } } }',
    });
    assert.equal(costly.status, 200);
    assert.equal(costly.body.errors[0]?.message, 'The query costs 1401, more than the 1000 allowed');
    const bad = await admin.call('POST', '/api/admin/graphql', { variables: {} });
    assert.equal(bad.status, 400);
  });

  it('an admin queries GraphQL for a MultiMFA a customer bought: multiMfas answers the row GET /api/admin/multimfas lists (memberCount for members), with its members connection', async () => {
    const team = await bought('MultiMFA', 'Graphed team');
    const listed = await eventually(
      multiMfas,
      (rows) => rows.some((row) => row.multiMFAId === team.mfaId),
      'the MultiMFA was listed',
    );
    const row = listed.find((r) => r.multiMFAId === team.mfaId);
    type Node = Omit<AdminMultiMfa, 'members'> & {
      memberCount: number;
      members: { edges: unknown[]; pageInfo: { hasNextPage: boolean } };
    };
    const answer = await admin.call<{ data: { multiMfas: { edges: Array<{ node: Node }> } } }>(
      'POST',
      '/api/admin/graphql',
      {
        query: `query Teams($from: String) { multiMfas(first: 20, from: $from) { edges { node {
          multiMFAId name twillioNo isActive plans { planName planId }
          owner { userId emailAddress firstName lastName } memberCount createdAt
          members(first: 5) { edges { cursor } pageInfo { hasNextPage } }
        } } } }`,
        variables: { from: row?.createdAt },
      },
    );
    assert.equal(answer.status, 200);
    const node = answer.body.data.multiMfas.edges.find((edge) => edge.node.multiMFAId === team.mfaId)?.node;
    assert.ok(node);
    const { memberCount, members, ...fields } = node;
    expect({ ...fields, members: memberCount }).toStrictEqual(row);
    expect(members).toStrictEqual({ edges: [], pageInfo: { hasNextPage: false } });
  });

  it('answered every successful admin reporting call above in its endpoint\u2019s response schema', () => {
    const checked = assertAnswersMatchContract();
    for (const operationId of [
      'getDashboardStats',
      'listAdminMultiMfas',
      'listAdminRoboMfas',
      'deleteAdminMultiMfa',
      'deleteAdminRoboMfa',
      'listAdminLogs',
      'exportAdminLogs',
      'listAdvancedLogs',
      'queryAdminGraphql',
    ])
      assert.ok(checked.has(operationId), operationId);
  });
});

import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { DestinationCreated, Member } from '@multimfa/api-contract';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import { eventually } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { verifiedCustomer } from '../testing/accounts.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

describe('destinations and routing rules through the gateway (real numbers and messaging): owner only, seats, bad input', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersUrl: string;
  let numbersDatabase: string;
  let messagingDatabase: string;
  let receiverBase: string;
  let countryId: number;

  async function query(database: string, sql: string, values: unknown[]) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** A verified customer with a Basic MultiMFA (2 seats) that messaging knows. */
  async function owner(label: string) {
    const customer = await verifiedCustomer(stack, gatewayUrl, label);
    const mfa: MfaRecord = await applyPurchase(
      numbersUrl,
      completedPurchase({
        userId: customer.userId,
        MFAType: 'MultiMFA',
        name: 'Ops',
        description: '',
        countryId,
        noOfUsers: 2,
      }),
    );
    await eventually('messaging knows the MultiMFA', async () =>
      (await query(messagingDatabase, 'SELECT 1 FROM mfa_view WHERE mfa_id = $1', [mfa.mfaId])).length
        ? true
        : undefined,
    );
    return { ...customer, mfaId: mfa.mfaId };
  }

  const addWebhook = (browser: Browser, mfaId: string, name: string, url = `${receiverBase}/${name}`) =>
    browser.call<Answer<DestinationCreated & { code?: string }>>(
      'POST',
      `/api/plan/mfa/${mfaId}/destinations`,
      {
        kind: 'webhook',
        name,
        url,
        content: 'code_only',
      },
    );

  beforeAll(async () => {
    await stack.start();
    const numbers = await stack.startNumbers();
    numbersUrl = numbers.url;
    numbersDatabase = numbers.databaseUrl;
    const sandbox = new URL(stack.sandboxUrl);
    messagingDatabase = await stack.startMessaging({
      SLACK_WEBHOOK_BASE_URL: stack.sandboxUrl,
      DESTINATION_ALLOW_PRIVATE_HOSTS: sandbox.host,
    });
    receiverBase = `${stack.sandboxUrl}/webhook-receiver`;
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    const countries = await new Browser(gatewayUrl).call<Answer<Array<{ multiMFACountryId: number }>>>(
      'GET',
      '/api/plan/getMFACountries',
    );
    countryId = countries.body.data[0]?.multiMFACountryId ?? 0;
  });
  afterAll(() => stack.stop());

  it('adds a webhook that echoed its challenge, active, with its secret shown once; lists it with its delivery log', async () => {
    const ada = await owner('dest-owner');
    const added = await addWebhook(ada.browser, ada.mfaId, 'ops-hook');
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.data.destination.status, 'active');
    assert.match(added.body.data.signingSecret ?? '', /^whsec_/);
    const listed = await ada.browser.call<
      Answer<{ destinations: Array<{ name: string; attempts: unknown[] }> }>
    >('GET', `/api/plan/mfa/${ada.mfaId}/destinations`);
    // Compared as JSON: the answer was parsed outside the test's realm.
    assert.equal(
      JSON.stringify(
        listed.body.data.destinations.map((destination) => [destination.name, destination.attempts]),
      ),
      JSON.stringify([['ops-hook', []]]),
    );
    assert.ok(!JSON.stringify(listed.body).includes('whsec_'), 'the secret is never listed');
  });

  it('answers 404 to another customer for the MultiMFA’s destinations, a destination, the routing and a held text', async () => {
    const ada = await owner('dest-victim');
    const eve = await owner('dest-attacker');
    const added = await addWebhook(ada.browser, ada.mfaId, 'victim-hook');
    const destinationId = added.body.data.destination.destinationId;
    const answers = await Promise.all([
      eve.browser.call('GET', `/api/plan/mfa/${ada.mfaId}/destinations`),
      addWebhook(eve.browser, ada.mfaId, 'eve-hook'),
      eve.browser.call('POST', `/api/plan/destinations/${destinationId}/confirm`, { code: '123456' }),
      eve.browser.call('DELETE', `/api/plan/destinations/${destinationId}`),
      eve.browser.call('GET', `/api/plan/mfa/${ada.mfaId}/routing`),
      eve.browser.call('PUT', `/api/plan/mfa/${ada.mfaId}/routing`, { holdUnknown: true, rules: [] }),
      eve.browser.call('GET', `/api/plan/mfa/${ada.mfaId}/held`),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [404, 404, 404, 404, 404, 404, 404],
    );
    const still = await query(
      messagingDatabase,
      'SELECT removed_at FROM destination WHERE destination_id = $1',
      [destinationId],
    );
    assert.deepEqual(still, [{ removed_at: null }]);
  });

  it('refuses bad URLs with 422 and a stable code: a malformed Slack URL, http, loopback, private, metadata', async () => {
    const ada = await owner('dest-bad-input');
    const slack = await ada.browser.call<Answer<{ code: string }>>(
      'POST',
      `/api/plan/mfa/${ada.mfaId}/destinations`,
      {
        kind: 'slack',
        name: 'Not Slack',
        url: 'https://example.com/services/T1/B1/x',
        content: 'full',
      },
    );
    assert.deepEqual(
      [slack.status, slack.body.isError, slack.body.data.code],
      [422, true, 'DESTINATION_URL_INVALID'],
    );
    const cases: Array<[string, string]> = [
      ['http://hooks.example.com/in', 'DESTINATION_URL_INVALID'],
      ['https://127.0.0.1/in', 'DESTINATION_ADDRESS_REFUSED'],
      ['https://10.0.0.8/in', 'DESTINATION_ADDRESS_REFUSED'],
      ['https://169.254.169.254/latest/meta-data/', 'DESTINATION_ADDRESS_REFUSED'],
      ['https://100.64.0.1/in', 'DESTINATION_ADDRESS_REFUSED'],
    ];
    for (const [url, code] of cases) {
      const answer = await addWebhook(ada.browser, ada.mfaId, 'attack', url);
      assert.deepEqual(
        [url, answer.status, answer.body.isError, answer.body.data.code],
        [url, 422, true, code],
      );
    }
    const empty = await ada.browser.call<Answer<unknown>>('POST', `/api/plan/mfa/${ada.mfaId}/destinations`, {
      kind: 'fax',
      name: '',
      url: '',
    });
    assert.deepEqual([empty.status, empty.body.isError], [400, true]);
  });

  it('counts a destination as a seat: with 2 seats, one destination leaves room for one e-mail member, then nothing', async () => {
    const ada = await owner('dest-seats');
    const added = await addWebhook(ada.browser, ada.mfaId, 'seat-hook');
    assert.equal(added.status, 200);
    await eventually('numbers counted the destination', async () =>
      (await query(numbersDatabase, 'SELECT 1 FROM destination_seat WHERE mfa_id = $1', [ada.mfaId])).length
        ? true
        : undefined,
    );
    const both = await ada.browser.call('POST', '/api/plan/add-member', {
      multiMFAId: ada.mfaId,
      firstName: 'Bo',
      lastName: 'Both',
      forwardMedium: 'BOTH',
      email: 'bo@example.com',
      mobileNo: '+12125550171',
    });
    assert.equal(both.status, 409);
    const single = await ada.browser.call<Answer<{ dbMember: Member }>>('POST', '/api/plan/add-member', {
      multiMFAId: ada.mfaId,
      firstName: 'Em',
      lastName: 'Mail',
      forwardMedium: 'EMAIL',
      email: 'em@example.com',
      mobileNo: '',
    });
    assert.equal(single.status, 200);
    const third = await addWebhook(ada.browser, ada.mfaId, 'one-too-many');
    assert.deepEqual([third.status, third.body.data.code], [409, 'SEATS_EXCEEDED']);
  });

  it('refuses a rule naming another MultiMFA’s member or destination with 422 UNKNOWN_RECIPIENT', async () => {
    const ada = await owner('dest-rules');
    const bob = await owner('dest-rules-other');
    const bobsHook = await addWebhook(bob.browser, bob.mfaId, 'bob-hook');
    const rule = await ada.browser.call<Answer<{ code: string }>>(
      'PUT',
      `/api/plan/mfa/${ada.mfaId}/routing`,
      {
        holdUnknown: false,
        rules: [
          {
            matchKind: 'service',
            matchValue: 'Google',
            memberIds: [],
            destinationIds: [bobsHook.body.data.destination.destinationId],
          },
        ],
      },
    );
    assert.deepEqual([rule.status, rule.body.data.code], [422, 'UNKNOWN_RECIPIENT']);
    assert.match(rule.body.message, /not a destination of this MultiMFA/);
  });
});

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bot, RoboMfaDetail } from '@multimfa/api-contract';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import { createLogger } from '@multimfa/service-runtime';
import pg from 'pg';
import { email, signUpBody, verifiedCustomer, verifyEmail } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

const KEY_FORMAT = /^mmfa_bot_[A-Za-z0-9_-]{43}$/;

describe('RoboMFA detail and bots through the gateway (real numbers, identity; PostgreSQL, Kafka)', () => {
  const stack = new ServiceStack();
  /** Every line numbers logged, at the most verbose level. */
  const numbersLog: string[] = [];
  /** Every API key the tests were given. */
  const keys: string[] = [];
  let gatewayUrl: string;
  let numbersUrl: string;
  let numbersDatabase: string;
  let numbersDb: pg.Client;
  let countryId: number;

  /** A new customer, their address verified (creating bots needs it). */
  function customer(label: string) {
    return verifiedCustomer(stack, gatewayUrl, label);
  }

  /** A RoboMFA of `noOfUsers` bots, bought as billing completes a purchase. */
  async function roboMfa(userId: string, noOfUsers: number): Promise<MfaRecord> {
    return applyPurchase(
      numbersUrl,
      completedPurchase({
        userId,
        MFAType: 'RoboMFA',
        name: 'CI bots',
        description: 'Release pipeline',
        countryId,
        noOfUsers,
      }),
    );
  }

  async function createBot(browser: Browser, roboMFAId: string, referenceName: string) {
    const answer = await browser.call<Answer<Bot>>('POST', '/api/robo-mfa/create-bot', {
      roboMFAId,
      referenceName,
    });
    if (answer.body.data?.APIKey) keys.push(answer.body.data.APIKey);
    return answer;
  }

  beforeAll(async () => {
    await stack.start();
    const logger = createLogger('numbers', 'trace', { write: (line: string) => numbersLog.push(line) });
    const started = await stack.startNumbers({ logger });
    numbersDatabase = started.databaseUrl;
    numbersUrl = started.url;
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    numbersDb = new pg.Client({ connectionString: numbersDatabase });
    await numbersDb.connect();
    const countries = await new Browser(gatewayUrl).call<
      Answer<Array<{ multiMFACountryId: number; name: string }>>
    >('GET', '/api/plan/getMFACountries');
    countryId =
      countries.body.data.find((country) => country.name === 'United Kingdom')?.multiMFACountryId ?? 0;
  });

  afterAll(async () => {
    await numbersDb?.end();
    await stack.stop();
  });

  it("shows the owner's RoboMFA with its plan and no bots, and saves name, description and auto-renewal", async () => {
    const owner = await customer('bots-detail');
    const robo = await roboMfa(owner.userId, 2);
    const detail = await owner.browser.call<Answer<RoboMfaDetail>>(
      'GET',
      `/api/robo-mfa/details/${robo.mfaId}`,
    );
    assert.equal(detail.status, 200);
    expect(detail.body.data).toStrictEqual({
      roboMFAId: robo.mfaId,
      twilioNo: '',
      name: 'CI bots',
      description: 'Release pipeline',
      multiMFACountry: { name: 'United Kingdom', code: '+44' },
      autoRenewal: true,
      nextPaymentDate: robo.nextPaymentDate,
      isSubscriptionActive: true,
      isActive: true,
      isNumberPending: true,
      plans: { planId: 4, planName: 'Basic', basePrice: 5, noOfUsers: 2 },
      createdAt: robo.createdAt,
      bots: [],
    });

    const saved = await owner.browser.call<Answer<RoboMfaDetail>>(
      'PUT',
      `/api/robo-mfa/update/${robo.mfaId}`,
      {
        name: '  Deploy bots ',
        description: 'Nightly',
        autoRenewal: false,
      },
    );
    assert.equal(saved.status, 200);
    assert.equal(saved.body.message, 'Changes saved successfully');
    expect(saved.body.data).toMatchObject({
      name: 'Deploy bots',
      description: 'Nightly',
      autoRenewal: false,
    });
    const reread = await owner.browser.call<Answer<RoboMfaDetail>>(
      'GET',
      `/api/robo-mfa/details/${robo.mfaId}`,
    );
    expect(reread.body.data).toMatchObject({
      name: 'Deploy bots',
      description: 'Nightly',
      autoRenewal: false,
    });
    const updated = await numbersDb.query(
      `SELECT count(*) FROM outbox_event WHERE envelope->>'type' = 'numbers.mfa.updated' AND message_key = $1`,
      [robo.mfaId],
    );
    assert.equal(Number(updated.rows[0].count), 1);
  });

  it('creates bots up to the plan limit, each with its own mmfa_bot_ key listed for the owner, then refuses the next with the limit message', async () => {
    const owner = await customer('bots-limit');
    const robo = await roboMfa(owner.userId, 2);
    const first = await createBot(owner.browser, robo.mfaId, ' deployer ');
    const second = await createBot(owner.browser, robo.mfaId, 'tester');
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.equal(first.body.message, 'Bot created successfully');
    expect(first.body.data).toStrictEqual({
      botId: expect.any(String),
      referenceName: 'deployer',
      APIKey: expect.stringMatching(KEY_FORMAT),
      isActive: true,
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    assert.notEqual(first.body.data.APIKey, second.body.data.APIKey);

    const third = await createBot(owner.browser, robo.mfaId, 'one too many');
    assert.equal(third.status, 409);
    expect(third.body).toMatchObject({ isError: true, message: 'Only 2 bot allowed as per current plan' });

    const detail = await owner.browser.call<Answer<RoboMfaDetail>>(
      'GET',
      `/api/robo-mfa/details/${robo.mfaId}`,
    );
    expect(detail.body.data.bots).toStrictEqual([first.body.data, second.body.data]);
  });

  it('refuses a bot without a reference name', async () => {
    const owner = await customer('bots-name');
    const robo = await roboMfa(owner.userId, 1);
    const blank = await createBot(owner.browser, robo.mfaId, '   ');
    assert.equal(blank.status, 400);
    expect(blank.body).toMatchObject({
      isError: true,
      message: 'Please provide a reference name for the bot',
    });
  });

  it('gives the last bot slot to exactly one of two creates racing for it', async () => {
    const owner = await customer('bots-race');
    const robo = await roboMfa(owner.userId, 1);
    const answers = await Promise.all([
      createBot(owner.browser, robo.mfaId, 'left'),
      createBot(owner.browser, robo.mfaId, 'right'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toStrictEqual([200, 409]);
    const count = await numbersDb.query('SELECT count(*) FROM bot WHERE mfa_id = $1', [robo.mfaId]);
    assert.equal(Number(count.rows[0].count), 1);
  });

  it('refuses create-bot with 403 EMAIL_NOT_VERIFIED to a customer whose address is not verified yet, creating nothing; verified, the same call creates the bot', async () => {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email('bots-unverified');
    const signUp = await browser.call<Answer<{ userId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress),
    );
    const robo = await roboMfa(signUp.body.data.userId, 1);
    const refused = await createBot(browser, robo.mfaId, 'early');
    assert.equal(refused.status, 403);
    expect(refused.body).toStrictEqual({
      isError: true,
      message: 'You need to verify your email first',
      data: { code: 'EMAIL_NOT_VERIFIED' },
    });
    const count = await numbersDb.query('SELECT count(*) FROM bot WHERE mfa_id = $1', [robo.mfaId]);
    assert.equal(Number(count.rows[0].count), 0);
    await verifyEmail(stack, browser, emailAddress);
    assert.equal((await createBot(browser, robo.mfaId, 'verified')).status, 200);
  });

  it("answers 404 to another customer for the owner's RoboMFA (detail, update, create-bot) and bot (remove), changing nothing", async () => {
    const owner = await customer('bots-owner');
    const other = await customer('bots-other');
    const robo = await roboMfa(owner.userId, 2);
    const bot = await createBot(owner.browser, robo.mfaId, 'mine');
    const attempts = await Promise.all([
      other.browser.call('GET', `/api/robo-mfa/details/${robo.mfaId}`),
      other.browser.call('PUT', `/api/robo-mfa/update/${robo.mfaId}`, {
        name: 'Taken',
        description: '',
        autoRenewal: false,
      }),
      createBot(other.browser, robo.mfaId, 'intruder'),
      other.browser.call('DELETE', `/api/robo-mfa/remove-bot/${bot.body.data.botId}`),
    ]);
    for (const attempt of attempts) {
      assert.equal(attempt.status, 404);
      assert.equal((attempt.body as Answer<null>).isError, true);
    }
    const detail = await owner.browser.call<Answer<RoboMfaDetail>>(
      'GET',
      `/api/robo-mfa/details/${robo.mfaId}`,
    );
    expect(detail.body.data).toMatchObject({ name: 'CI bots', autoRenewal: true, bots: [bot.body.data] });
  });

  it('removes a bot: no longer listed, its key gone from the table, a freed slot', async () => {
    const owner = await customer('bots-remove');
    const robo = await roboMfa(owner.userId, 1);
    const bot = await createBot(owner.browser, robo.mfaId, 'short-lived');
    const removed = await owner.browser.call<Answer<null>>(
      'DELETE',
      `/api/robo-mfa/remove-bot/${bot.body.data.botId}`,
    );
    assert.equal(removed.status, 200);
    assert.equal(removed.body.message, 'Bot deleted successfully');
    const detail = await owner.browser.call<Answer<RoboMfaDetail>>(
      'GET',
      `/api/robo-mfa/details/${robo.mfaId}`,
    );
    expect(detail.body.data.bots).toStrictEqual([]);
    const rows = await numbersDb.query('SELECT count(*) FROM bot WHERE bot_id = $1', [bot.body.data.botId]);
    assert.equal(Number(rows.rows[0].count), 0);
    assert.equal(
      (await owner.browser.call('DELETE', `/api/robo-mfa/remove-bot/${bot.body.data.botId}`)).status,
      404,
    );
    assert.equal((await createBot(owner.browser, robo.mfaId, 'replacement')).status, 200);
  });

  it('stores the key encrypted with its SHA-256 beside it, and publishes created and removed events carrying the hash, never the key', async () => {
    const owner = await customer('bots-events');
    const robo = await roboMfa(owner.userId, 1);
    const bot = await createBot(owner.browser, robo.mfaId, 'audited');
    const key = bot.body.data.APIKey;
    const hash = createHash('sha256').update(key).digest('hex');
    const stored = await numbersDb.query('SELECT key_hash, key_ciphertext FROM bot WHERE bot_id = $1', [
      bot.body.data.botId,
    ]);
    assert.equal(stored.rows[0].key_hash, hash);
    assert.equal(String(stored.rows[0].key_ciphertext).includes(key.slice('mmfa_bot_'.length)), false);
    await owner.browser.call('DELETE', `/api/robo-mfa/remove-bot/${bot.body.data.botId}`);

    const events = await numbersDb.query(
      `SELECT envelope->>'type' AS type, envelope::text AS text FROM outbox_event
        WHERE envelope->>'type' IN ('numbers.bot.created', 'numbers.bot.removed') AND message_key = $1
        ORDER BY envelope->>'type'`,
      [robo.mfaId],
    );
    expect(events.rows.map((row) => row.type)).toStrictEqual(['numbers.bot.created', 'numbers.bot.removed']);
    for (const row of events.rows) {
      assert.equal(JSON.parse(row.text).payload.keyHash, hash);
      assert.equal(row.text.includes(key.slice('mmfa_bot_'.length)), false);
    }
  });

  it('never wrote an API key given above into numbers\u2019 logs (trace level)', () => {
    assert.ok(keys.length > 0, 'keys were made');
    assert.ok(numbersLog.length > 0, 'numbers logged');
    const secrets = keys.map((key) => key.slice('mmfa_bot_'.length));
    const leaked = numbersLog.filter((line) => secrets.some((secret) => line.includes(secret)));
    expect(leaked).toStrictEqual([]);
  });

  it('answered every successful call above in its endpoint\u2019s documented response schema', () => {
    const checked = assertAnswersMatchContract();
    for (const operation of ['getRoboMfaDetails', 'updateRoboMfa', 'createBot', 'removeBot']) {
      assert.ok(checked.has(operation), operation);
    }
  });
});

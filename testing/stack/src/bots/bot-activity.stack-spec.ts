import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bot, BotLimits, RoboMfaDetail, RoboMfaMessage } from '@multimfa/api-contract';
import { deliverInboundMessage, inboundMessage } from '@multimfa/messaging/testing/inbound-messages';
import { eventually, testInfrastructure } from '@multimfa/service-runtime/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { verifiedCustomer } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

/** A bot's call with its key, as a bot makes it (no cookie, no XSRF). */
async function botCall(baseUrl: string, key: string, path: string, method = 'GET') {
  const response = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${key}` } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Answer<{ cursor: string }> };
}

describe("a RoboMFA's bots as their owner sees them: last use, limits, recent texts and which bot took each (real numbers, messaging; PostgreSQL, Redis, Kafka)", () => {
  const stack = new ServiceStack();
  const redis = new Redis(testInfrastructure.redisUrl);
  let gatewayUrl: string;
  let numbersUrl: string;
  let messagingDb: pg.Pool;
  let countryId: number;

  async function roboMfaOwner(label: string, MFAType: 'RoboMFA' | 'MultiMFA' = 'RoboMFA') {
    const { browser, userId } = await verifiedCustomer(stack, gatewayUrl, label);
    const mfa = await applyPurchase(
      numbersUrl,
      completedPurchase({ userId, MFAType, countryId, noOfUsers: 2 }),
    );
    return { browser, userId, mfaId: mfa.mfaId };
  }

  async function createBot(owner: { browser: Browser; mfaId: string }, referenceName: string): Promise<Bot> {
    const created = await owner.browser.call<Answer<Bot>>('POST', '/api/robo-mfa/create-bot', {
      roboMFAId: owner.mfaId,
      referenceName,
    });
    assert.equal(created.status, 200);
    return created.body.data;
  }

  /** The owner's recent texts once messaging knows the RoboMFA (numbers' event reaches it moments later). */
  async function recentTexts(owner: { browser: Browser; mfaId: string }, count: number) {
    return eventually('the texts listed', async () => {
      const answer = await owner.browser.call<Answer<{ messages: RoboMfaMessage[] }>>(
        'GET',
        `/api/robo-mfa/messages/${owner.mfaId}`,
      );
      return answer.status === 200 && answer.body.data.messages.length === count
        ? answer.body.data
        : undefined;
    });
  }

  beforeAll(async () => {
    await stack.start();
    numbersUrl = (await stack.startNumbers()).url;
    messagingDb = new pg.Pool({
      connectionString: await stack.startMessaging({ BOT_WAITS_PER_KEY: '4' }),
      max: 2,
    });
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl, BOT_RATE_LIMIT_PER_MINUTE: '90' })).url;
    const countries = await new Browser(gatewayUrl).call<
      Answer<Array<{ multiMFACountryId: number; name: string }>>
    >('GET', '/api/plan/getMFACountries');
    countryId =
      countries.body.data.find((country) => country.name === 'United Kingdom')?.multiMFACountryId ?? 0;
  });

  afterAll(async () => {
    await messagingDb?.end();
    redis.disconnect();
    await stack.stop();
  });

  it("tells the bots' limits as the gateway and messaging are configured", async () => {
    const owner = await roboMfaOwner('activity-limits');
    const limits = await owner.browser.call<Answer<BotLimits>>('GET', '/api/robo-mfa/bot-limits');
    expect({ status: limits.status, data: limits.body.data }).toStrictEqual({
      status: 200,
      data: { requestsPerMinute: 90, openWaitsPerKey: 4 },
    });
  });

  it('shows a new bot as never used, and when its key was used once the bot API accepted it; a call with an unknown key changes nothing', async () => {
    const owner = await roboMfaOwner('activity-last-used');
    const bot = await createBot(owner, 'runner');
    const idle = await createBot(owner, 'idle');
    assert.equal(bot.lastUsedAt, null);
    const before = Date.now();
    assert.equal((await botCall(gatewayUrl, bot.APIKey, '/api/bot/v1/messages?limit=0')).status, 200);
    const unknown = `mmfa_bot_${'Z'.repeat(43)}`;
    assert.equal((await botCall(gatewayUrl, unknown, '/api/bot/v1/messages?limit=0')).status, 401);
    const bots = await eventually('the use noted', async () => {
      const detail = await owner.browser.call<Answer<RoboMfaDetail>>(
        'GET',
        `/api/robo-mfa/details/${owner.mfaId}`,
      );
      return detail.body.data.bots[0]?.lastUsedAt ? detail.body.data.bots : undefined;
    });
    const used = Date.parse(bots[0]?.lastUsedAt ?? '');
    assert.ok(used >= before - 1000 && used <= Date.now(), `last used ${bots[0]?.lastUsedAt}`);
    expect(bots.map((one) => [one.botId, one.lastUsedAt === null])).toStrictEqual([
      [bot.botId, false],
      [idle.botId, true],
    ]);
  });

  it('lists the texts newest first, code included for the page to mask, with which bot read, waited for and claimed each', async () => {
    const owner = await roboMfaOwner('activity-texts');
    const reader = await createBot(owner, 'reader');
    const claimer = await createBot(owner, 'claimer');
    const first = inboundMessage({ mfaId: owner.mfaId, body: 'Your code is 313131', code: '313131' });
    const second = inboundMessage({ mfaId: owner.mfaId, body: 'Your code is 424242', code: '424242' });
    await deliverInboundMessage(messagingDb, redis, first);
    const read = await botCall(gatewayUrl, reader.APIKey, '/api/bot/v1/messages?limit=10');
    assert.equal(read.status, 200);
    await deliverInboundMessage(messagingDb, redis, second);
    const waited = await botCall(
      gatewayUrl,
      claimer.APIKey,
      `/api/bot/v1/messages/next?since=${read.body.data.cursor}&timeout=5`,
    );
    assert.equal(waited.status, 200);
    const claimPath = `/api/bot/v1/messages/${second.messageId}/claim`;
    assert.equal((await botCall(gatewayUrl, claimer.APIKey, claimPath, 'POST')).status, 200);
    assert.equal((await botCall(gatewayUrl, reader.APIKey, claimPath, 'POST')).status, 409);

    const { messages } = await recentTexts(owner, 2);
    expect(
      messages.map((message) => ({
        messageId: message.messageId,
        hasCode: message.hasCode,
        withheld: message.withheld,
        bots: message.bots.map((action) => [action.botId, action.action]),
      })),
    ).toStrictEqual([
      {
        messageId: second.messageId,
        hasCode: true,
        withheld: false,
        bots: [
          [claimer.botId, 'waited'],
          [claimer.botId, 'claimed'],
        ],
      },
      { messageId: first.messageId, hasCode: true, withheld: false, bots: [[reader.botId, 'read']] },
    ]);
  });

  it("attack: another customer asking for a RoboMFA's recent texts gets 404, as for an id that does not exist; the owner asking through a MultiMFA's id gets 404 too", async () => {
    const owner = await roboMfaOwner('activity-owner');
    const team = await roboMfaOwner('activity-team', 'MultiMFA');
    await deliverInboundMessage(messagingDb, redis, inboundMessage({ mfaId: owner.mfaId, code: '909090' }));
    await recentTexts(owner, 1);
    await eventually('messaging knowing the MultiMFA', async () => {
      const known = await messagingDb.query('SELECT 1 FROM mfa_view WHERE mfa_id = $1', [team.mfaId]);
      return known.rowCount ? true : undefined;
    });
    const intruder = await verifiedCustomer(stack, gatewayUrl, 'activity-intruder');
    const asked = await Promise.all([
      intruder.browser.call<Answer<unknown>>('GET', `/api/robo-mfa/messages/${owner.mfaId}`),
      intruder.browser.call<Answer<unknown>>(
        'GET',
        '/api/robo-mfa/messages/00000000-0000-4000-8000-000000000000',
      ),
      team.browser.call<Answer<unknown>>('GET', `/api/robo-mfa/messages/${team.mfaId}`),
    ]);
    for (const answer of asked)
      expect({ status: answer.status, body: answer.body }).toStrictEqual({
        status: 404,
        body: { isError: true, message: 'RoboMFA not found', data: { code: 'ROBO_MFA_NOT_FOUND' } },
      });
    assert.equal(JSON.stringify(asked).includes('909090'), false);
  });

  it("reveals a text's code to its owner only through a recorded reveal, and the code audit lists that reveal and the bots by name; another customer's reveal and audit answer 404 and record nothing", async () => {
    const owner = await roboMfaOwner('audit-owner');
    const reader = await createBot(owner, 'Audit reader');
    const text = inboundMessage({ mfaId: owner.mfaId, code: '575757', body: 'Your code is 575757' });
    await deliverInboundMessage(messagingDb, redis, text);
    const { messages } = await recentTexts(owner, 1);
    assert.equal(JSON.stringify(messages).includes('575757'), false, 'the list never carries the code');
    assert.equal(messages[0]?.hasCode, true);
    await eventually('the bot reading the text', async () => {
      const read = await botCall(gatewayUrl, reader.APIKey, '/api/bot/v1/messages');
      return read.status === 200 ? true : undefined;
    });

    const intruder = await verifiedCustomer(stack, gatewayUrl, 'audit-intruder');
    const revealPath = `/api/plan/mfa/${owner.mfaId}/messages/${text.messageId}/reveal`;
    const stolen = await Promise.all([
      intruder.browser.call<Answer<unknown>>('POST', revealPath),
      intruder.browser.call<Answer<unknown>>('GET', `/api/plan/mfa/${owner.mfaId}/code-audit`),
    ]);
    assert.deepEqual(
      stolen.map((answer) => answer.status),
      [404, 404],
    );
    assert.equal(JSON.stringify(stolen).includes('575757'), false);
    const reveals = async () =>
      (await messagingDb.query('SELECT 1 FROM code_reveal WHERE message_id = $1', [text.messageId])).rowCount;
    assert.equal(await reveals(), 0);

    const revealed = await owner.browser.call<Answer<{ code: string | null; body: string | null }>>(
      'POST',
      revealPath,
    );
    assert.equal(revealed.status, 200);
    assert.equal(revealed.body.data.code, '575757');
    assert.equal(revealed.body.data.body, 'Your code is 575757');
    assert.equal(await reveals(), 1);

    const audit = await owner.browser.call<
      Answer<{
        entries: Array<{
          messageId: string;
          reveals: Array<{ revealedBy: string }>;
          bots: Array<{ name: string; action: string }>;
        }>;
      }>
    >('GET', `/api/plan/mfa/${owner.mfaId}/code-audit`);
    assert.equal(audit.status, 200);
    const [entry] = audit.body.data.entries;
    assert.equal(entry?.messageId, text.messageId);
    assert.equal(entry?.reveals.length, 1);
    assert.match(entry?.reveals[0]?.revealedBy ?? '', /\S/);
    assert.deepEqual(
      [...(entry?.bots ?? [])].map((bot) => [bot.name, bot.action]),
      [['Audit reader', 'read']],
    );
  });

  it('answered every successful call above in its endpoint’s documented response schema', () => {
    const checked = assertAnswersMatchContract();
    for (const operation of [
      'getBotLimits',
      'getRoboMfaDetails',
      'listRoboMfaMessages',
      'revealMfaCode',
      'getCodeAudit',
    ])
      assert.ok(checked.has(operation), operation);
  });
});

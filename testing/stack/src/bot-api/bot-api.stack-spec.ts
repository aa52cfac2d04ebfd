import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bot, BotMessage, BotMessageClaim, BotMessagePage } from '@multimfa/api-contract';
import { deliverInboundMessage, inboundMessage } from '@multimfa/messaging/testing/inbound-messages';
import { testInfrastructure } from '@multimfa/service-runtime/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { verifiedCustomer } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

/** A bot's HTTP client: its API key as a bearer token, nothing else (no cookies, no XSRF). */
class BotClient {
  constructor(
    private readonly baseUrl: string,
    readonly key: string,
  ) {}

  async call<T>(method: string, path: string, authorization = `Bearer ${this.key}`, signal?: AbortSignal) {
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers: { authorization }, signal });
    const text = await response.text();
    const body = (text ? JSON.parse(text) : null) as Answer<T>;
    // A 204 has no body to check against the contract.
    if (response.status !== 204) Browser.answers.push({ method, path, status: response.status, body });
    return { status: response.status, body, headers: response.headers, text };
  }
}

describe('the bot API through the gateway (real numbers, messaging; PostgreSQL, Redis pub/sub, Kafka)', () => {
  const stack = new ServiceStack();
  const redis = new Redis(testInfrastructure.redisUrl);
  let gatewayUrl: string;
  let limitedGatewayUrl: string;
  let numbersUrl: string;
  let messagingDb: pg.Pool;
  let countryId: number;

  /** A customer (address verified: creating bots needs it) with a RoboMFA of `noOfUsers` bots. */
  async function roboMfaOwner(label: string, noOfUsers = 2) {
    const { browser, userId } = await verifiedCustomer(stack, gatewayUrl, label);
    const robo = await applyPurchase(
      numbersUrl,
      completedPurchase({ userId, MFAType: 'RoboMFA', countryId, noOfUsers }),
    );
    return { browser, mfaId: robo.mfaId };
  }

  async function createBot(owner: { browser: Browser; mfaId: string }, name: string, url = gatewayUrl) {
    const created = await owner.browser.call<Answer<Bot>>('POST', '/api/robo-mfa/create-bot', {
      roboMFAId: owner.mfaId,
      referenceName: name,
    });
    assert.equal(created.status, 200);
    return { bot: created.body.data, client: new BotClient(url, created.body.data.APIKey) };
  }

  const deliver = (mfaId: string, overrides: Parameters<typeof inboundMessage>[0] = { mfaId }) =>
    deliverInboundMessage(messagingDb, redis, inboundMessage({ ...overrides, mfaId }));

  beforeAll(async () => {
    await stack.start();
    numbersUrl = (await stack.startNumbers()).url;
    // Caps on open waits low enough to reach in a test (10 per key and 100 per RoboMFA by default).
    messagingDb = new pg.Pool({
      connectionString: await stack.startMessaging({ BOT_WAITS_PER_KEY: '3', BOT_WAITS_PER_ROBOMFA: '5' }),
      max: 2,
    });
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    limitedGatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl, BOT_RATE_LIMIT_PER_MINUTE: '3' }))
      .url;
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

  it('lets a new bot read its RoboMFA\u2019s texts with its key as soon as it is created, with no cookie set in the answer', async () => {
    const owner = await roboMfaOwner('botapi-list');
    const { client } = await createBot(owner, 'reader');
    const sent = inboundMessage({ mfaId: owner.mfaId, fromNumber: 'Google', codeService: 'Google' });
    await deliverInboundMessage(messagingDb, redis, sent);
    const page = await client.call<BotMessagePage>('GET', '/api/bot/v1/messages?limit=10');
    assert.equal(page.status, 200);
    // A bot proves itself with its key: no session, no XSRF pair.
    assert.equal(page.headers.get('set-cookie'), null);
    expect(page.body).toStrictEqual({
      isError: false,
      message: '',
      data: {
        messages: [
          {
            messageId: sent.messageId,
            code: '482913',
            service: 'Google',
            sender: 'Google',
            body: sent.body,
            receivedAt: sent.receivedAt.toISOString(),
            cursor: expect.any(String),
          },
        ],
        cursor: expect.any(String),
        hasMore: false,
      },
    });
  });

  it('wakes a waiting bot with the text that commits during its wait', async () => {
    const owner = await roboMfaOwner('botapi-wait');
    const { client } = await createBot(owner, 'waiter');
    const start = await client.call<BotMessagePage>('GET', '/api/bot/v1/messages');
    const waiting = client.call<BotMessage>(
      'GET',
      `/api/bot/v1/messages/next?since=${start.body.data.cursor}&timeout=20`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = inboundMessage({ mfaId: owner.mfaId, body: 'Your Amazon OTP is 551902', code: '551902' });
    await deliverInboundMessage(messagingDb, redis, sent);
    const next = await waiting;
    assert.equal(next.status, 200);
    assert.equal(next.body.data.messageId, sent.messageId);
    assert.equal(next.body.data.code, '551902');
  });

  it('answers a wait at once with a text already after the cursor, from the sender asked for', async () => {
    const owner = await roboMfaOwner('botapi-at-once');
    const { client } = await createBot(owner, 'sender');
    const start = await client.call<BotMessagePage>('GET', '/api/bot/v1/messages');
    await deliver(owner.mfaId, { mfaId: owner.mfaId, fromNumber: 'Bank' });
    const wanted = await deliver(owner.mfaId, { mfaId: owner.mfaId, fromNumber: 'GitHub' });
    const next = await client.call<BotMessage>(
      'GET',
      `/api/bot/v1/messages/next?since=${start.body.data.cursor}&sender=GitHub&timeout=25`,
    );
    assert.equal(next.status, 200);
    assert.equal(next.body.data.messageId, wanted.messageId);
    assert.equal(next.body.data.sender, 'GitHub');
  });

  it('ends a wait with 204 when its gateway replica stops, and the retry on another replica with the same cursor gets the text sent meanwhile', async () => {
    const owner = await roboMfaOwner('botapi-restart');
    const { client } = await createBot(owner, 'survivor');
    const replica = await stack.gateway({ NUMBERS_URL: numbersUrl });
    const onReplica = new BotClient(replica.url, client.key);
    const start = await onReplica.call<BotMessagePage>('GET', '/api/bot/v1/messages?limit=0');
    const cursor = start.body.data.cursor;
    const waiting = onReplica.call('GET', `/api/bot/v1/messages/next?since=${cursor}&timeout=20`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await replica.app.close();
    assert.equal((await waiting).status, 204);
    const sent = await deliver(owner.mfaId);
    const resumed = await client.call<BotMessage>(
      'GET',
      `/api/bot/v1/messages/next?since=${cursor}&timeout=20`,
    );
    assert.equal(resumed.status, 200);
    assert.equal(resumed.body.data.messageId, sent.messageId);
  });

  it('answers 204 with no body when nothing comes within the timeout', async () => {
    const owner = await roboMfaOwner('botapi-timeout');
    const { client } = await createBot(owner, 'patient');
    const next = await client.call('GET', '/api/bot/v1/messages/next?timeout=1');
    assert.equal(next.status, 204);
    assert.equal(next.text, '');
  });

  it('never shows a bot another RoboMFA\u2019s text: not listed, not waited for, claim 404', async () => {
    const mine = await roboMfaOwner('botapi-mine');
    const theirs = await roboMfaOwner('botapi-theirs');
    const { client } = await createBot(mine, 'nosy');
    const start = await client.call<BotMessagePage>('GET', '/api/bot/v1/messages');
    const waiting = client.call('GET', `/api/bot/v1/messages/next?since=${start.body.data.cursor}&timeout=2`);
    const other = await deliver(theirs.mfaId);
    assert.equal((await waiting).status, 204);
    const listed = await client.call<BotMessagePage>('GET', '/api/bot/v1/messages?limit=100');
    assert.deepEqual(listed.body.data.messages, []);
    const claim = await client.call('POST', `/api/bot/v1/messages/${other.messageId}/claim`);
    assert.equal(claim.status, 404);
    expect(claim.body).toStrictEqual({
      isError: true,
      message: 'Message not found',
      data: { code: 'MESSAGE_NOT_FOUND' },
    });
  });

  it('gives a text to exactly one of two bots of a pool claiming it at the same time', async () => {
    const owner = await roboMfaOwner('botapi-claim');
    const left = await createBot(owner, 'left');
    const right = await createBot(owner, 'right');
    const sent = await deliver(owner.mfaId);
    const answers = await Promise.all(
      [left, right].map(({ client }) =>
        client.call<BotMessageClaim>('POST', `/api/bot/v1/messages/${sent.messageId}/claim`),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409]);
    const winner = answers.find((answer) => answer.status === 200);
    const loser = answers.find((answer) => answer.status === 409);
    assert.ok([left.bot.botId, right.bot.botId].includes(winner?.body.data.botId ?? ''));
    expect(loser?.body).toMatchObject({
      isError: true,
      message: 'Another bot has already claimed this message',
    });
  });

  it('refuses a deleted bot\u2019s key with 401 as soon as the delete has answered', async () => {
    const owner = await roboMfaOwner('botapi-delete');
    const { bot, client } = await createBot(owner, 'doomed');
    assert.equal((await client.call('GET', '/api/bot/v1/messages')).status, 200);
    const removed = await owner.browser.call('DELETE', `/api/robo-mfa/remove-bot/${bot.botId}`);
    assert.equal(removed.status, 200);
    const after = await client.call('GET', '/api/bot/v1/messages');
    assert.equal(after.status, 401);
    expect(after.body).toStrictEqual({
      isError: true,
      message: 'Invalid API key',
      data: { code: 'INVALID_API_KEY' },
    });
  });

  it('refuses a forged key, a missing one and a malformed header with 401 in the documented shape', async () => {
    const forged = new BotClient(gatewayUrl, `mmfa_bot_${'x'.repeat(43)}`);
    for (const authorization of [`Bearer ${forged.key}`, '', 'Basic Ym90OmJvdA==', 'Bearer mmfa_bot_short']) {
      const answer = await forged.call('GET', '/api/bot/v1/messages', authorization);
      assert.equal(answer.status, 401, authorization);
      expect(answer.body).toStrictEqual({
        isError: true,
        message: expect.stringMatching(/API key/),
        data: { code: 'INVALID_API_KEY' },
      });
    }
  });

  it('answers 429 with the RateLimit fields once a key goes over its limit', async () => {
    const owner = await roboMfaOwner('botapi-limit');
    const { client } = await createBot(owner, 'greedy', limitedGatewayUrl);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await client.call('GET', '/api/bot/v1/messages'));
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200, 429],
    );
    assert.equal(answers[0]?.headers.get('ratelimit-policy'), '"bot";q=3;w=60');
    assert.match(answers[0]?.headers.get('ratelimit') ?? '', /^"bot";r=2;t=\d+$/);
    const refused = answers[3];
    assert.match(refused?.headers.get('ratelimit') ?? '', /^"bot";r=0;t=\d+$/);
    assert.match(refused?.headers.get('retry-after') ?? '', /^\d+$/);
    expect(refused?.body).toMatchObject({
      isError: true,
      message: expect.stringMatching(/Too many requests/),
    });
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** A wait held open until `hangUp` aborts it (then it resolves to 'hung up'). */
  const heldWait = (client: BotClient, hangUp: AbortController, timeout = 20) =>
    client
      .call('GET', `/api/bot/v1/messages/next?timeout=${timeout}`, undefined, hangUp.signal)
      .catch(() => 'hung up' as const);

  it('refuses a wait over its key\u2019s cap of open waits with 429 at once, and takes one again once a wait has ended by its timeout or by the bot hanging up', async () => {
    const owner = await roboMfaOwner('botapi-waits');
    const { client } = await createBot(owner, 'eager');
    const held = new AbortController();
    const hangUp = new AbortController();
    const first = heldWait(client, held);
    const second = heldWait(client, hangUp);
    const short = client.call('GET', '/api/bot/v1/messages/next?timeout=2');
    await sleep(1000);
    const began = Date.now();
    const over = await client.call('GET', '/api/bot/v1/messages/next?timeout=20');
    assert.equal(over.status, 429);
    assert.ok(Date.now() - began < 1500, `refused at once, not after ${Date.now() - began} ms`);
    expect(over.body).toStrictEqual({
      isError: true,
      message: 'This API key already has 3 waits open: let one end before starting another',
      data: { code: 'TOO_MANY_WAITS' },
    });
    assert.equal((await short).status, 204);
    assert.equal((await client.call('GET', '/api/bot/v1/messages/next?timeout=1')).status, 204);
    hangUp.abort();
    assert.equal(await second, 'hung up');
    // Two waits at once need the hung-up wait's slot as well as the one that timed out.
    let statuses: number[] = [];
    for (let tries = 0; tries < 10; tries += 1) {
      const both = await Promise.all(
        [1, 2].map(() => client.call('GET', '/api/bot/v1/messages/next?timeout=1')),
      );
      statuses = both.map((answer) => answer.status);
      if (statuses.every((status) => status === 204)) break;
      await sleep(200);
    }
    assert.deepEqual(statuses, [204, 204]);
    held.abort();
    await first;
  });

  it('caps the waits open over all the keys of one RoboMFA, while another RoboMFA\u2019s bots still wait', async () => {
    const owner = await roboMfaOwner('botapi-pool-waits');
    const left = await createBot(owner, 'left');
    const right = await createBot(owner, 'right');
    const hangUp = new AbortController();
    const held = [
      ...[1, 2, 3].map(() => heldWait(left.client, hangUp)),
      ...[1, 2].map(() => heldWait(right.client, hangUp)),
    ];
    await sleep(1000);
    const over = await right.client.call('GET', '/api/bot/v1/messages/next?timeout=20');
    assert.equal(over.status, 429);
    expect(over.body).toStrictEqual({
      isError: true,
      message: 'The bots of this RoboMFA already have 5 waits open: let one end before starting another',
      data: { code: 'TOO_MANY_WAITS' },
    });
    const other = await createBot(await roboMfaOwner('botapi-other-pool'), 'other');
    assert.equal((await other.client.call('GET', '/api/bot/v1/messages/next?timeout=1')).status, 204);
    hangUp.abort();
    assert.deepEqual(await Promise.all(held), Array(5).fill('hung up'));
  });

  it('answered every successful bot call above in its endpoint\u2019s documented response schema', () => {
    const checked = assertAnswersMatchContract();
    for (const operation of ['listBotMessages', 'nextBotMessage', 'claimBotMessage']) {
      assert.ok(checked.has(operation), operation);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, expect, it } from '@jest/globals';
import { backoffMs, MultiMfaBot, retryAfterSeconds } from './multimfa-bot.client.js';
import { MultiMfaBotError } from './multimfa-bot.errors.js';
import { failed, fakeApi, message, ok } from './testing/fake-api.fixture.js';

const page = (cursor: string) => ok({ messages: [], cursor, hasMore: false });

async function rejection(promise: Promise<unknown>): Promise<MultiMfaBotError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof MultiMfaBotError, `not a MultiMfaBotError: ${error}`);
    return error;
  }
  assert.fail('the call did not fail');
}

describe('MultiMfaBot.waitForCode', () => {
  it('takes the cursor where the feed stands, then long-polls the wait endpoint with it, the sender and the key', async () => {
    const api = fakeApi([page('c1'), ok(message())]);
    const code = await new MultiMfaBot(api.options).waitForCode({ sender: 'Google', timeoutMs: 60_000 });
    expect(code).toStrictEqual(message());
    assert.equal(api.calls[0]?.url.href, 'https://multimfa.test/api/bot/v1/messages?limit=0');
    const wait = api.calls[1];
    assert.equal(wait?.url.pathname, '/api/bot/v1/messages/next');
    assert.deepEqual(Object.fromEntries(wait?.url.searchParams ?? []), {
      since: 'c1',
      timeout: '25',
      sender: 'Google',
    });
    assert.equal(wait?.headers.authorization, 'Bearer mmfa_bot_test');
  });

  it('starts from the given cursor without reading the feed, and asks the server to wait no longer than the time left', async () => {
    const api = fakeApi([{ status: 204, takesMs: 3_000 }, ok(message())]);
    await new MultiMfaBot(api.options).waitForCode({ since: 'c9', timeoutMs: 4_500 });
    assert.deepEqual(
      api.calls.map((call) => [call.url.searchParams.get('since'), call.url.searchParams.get('timeout')]),
      [
        ['c9', '5'],
        ['c9', '2'],
      ],
    );
  });

  it('asks again with the same cursor after a 204, and passes over a text without a code to the one after it', async () => {
    const api = fakeApi([
      page('c1'),
      { status: 204 },
      ok(message({ code: null, body: 'Hello', cursor: 'c2' })),
      ok(message({ code: '551902', cursor: 'c3' })),
    ]);
    const code = await new MultiMfaBot(api.options).waitForCode({ timeoutMs: 60_000 });
    assert.equal(code.code, '551902');
    assert.deepEqual(
      api.calls.slice(1).map((call) => call.url.searchParams.get('since')),
      ['c1', 'c1', 'c2'],
    );
  });

  it('waits the Retry-After of a 429 before asking again', async () => {
    const api = fakeApi([
      page('c1'),
      failed(429, 'Too many requests', { code: 'RATE_LIMITED' }, { 'Retry-After': '3' }),
      ok(message()),
    ]);
    await new MultiMfaBot(api.options).waitForCode({ timeoutMs: 60_000 });
    assert.deepEqual(api.slept, [3_000]);
  });

  it('fails with RATE_LIMITED, naming the wait, when the wait a 429 asks for passes the deadline', async () => {
    const api = fakeApi([
      page('c1'),
      failed(
        429,
        'Too many requests for this API key, please try again in 50 seconds',
        { code: 'RATE_LIMITED' },
        { 'Retry-After': '50' },
      ),
    ]);
    const error = await rejection(new MultiMfaBot(api.options).waitForCode({ timeoutMs: 20_000 }));
    assert.equal(error.code, 'RATE_LIMITED');
    assert.equal(error.retryAfterSeconds, 50);
    assert.match(error.message, /wait 50 s/);
    assert.deepEqual(api.slept, []);
  });

  it('tries again after a 5xx and a network failure, backing off 0.5 s then 1 s', async () => {
    const api = fakeApi([
      page('c1'),
      failed(502, 'Bad gateway'),
      new TypeError('fetch failed'),
      ok(message()),
    ]);
    const code = await new MultiMfaBot(api.options).waitForCode({ timeoutMs: 60_000 });
    assert.equal(code.code, '482913');
    assert.deepEqual(api.slept, [500, 1_000]);
    assert.deepEqual(
      api.calls.slice(1).map((call) => call.url.searchParams.get('since')),
      ['c1', 'c1', 'c1'],
    );
  });

  it('fails with NETWORK, naming the cause, when the server cannot be reached until the deadline', async () => {
    const api = fakeApi(
      Array.from(
        { length: 20 },
        () => new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') }),
      ),
    );
    const error = await rejection(new MultiMfaBot(api.options).waitForCode({ timeoutMs: 5_000 }));
    assert.equal(error.code, 'NETWORK');
    assert.match(
      error.message,
      /Could not reach https:\/\/multimfa\.test \(fetch failed: connect ECONNREFUSED/,
    );
    assert.ok(api.slept.reduce((sum, ms) => sum + ms, 0) < 5_000, 'never sleeps past the deadline');
  });

  it('fails at once with INVALID_KEY on a 401, saying the key was revoked or mistyped', async () => {
    const api = fakeApi([failed(401, 'Invalid API key', { code: 'INVALID_API_KEY' })]);
    const error = await rejection(new MultiMfaBot(api.options).waitForCode({ timeoutMs: 60_000 }));
    assert.equal(error.code, 'INVALID_KEY');
    assert.equal(error.status, 401);
    assert.match(
      error.message,
      /refused \(401: Invalid API key\).*bot was deleted.*Copy the bot's current key/,
    );
    assert.equal(api.calls.length, 1);
  });

  it('fails at once with SUBSCRIPTION_EXPIRED on its 403, saying to renew', async () => {
    const api = fakeApi([
      page('c1'),
      failed(403, 'The subscription of this RoboMFA has expired', { code: 'SUBSCRIPTION_EXPIRED' }),
    ]);
    const error = await rejection(new MultiMfaBot(api.options).waitForCode({ timeoutMs: 60_000 }));
    assert.equal(error.code, 'SUBSCRIPTION_EXPIRED');
    assert.match(error.message, /renew it/);
  });

  it('fails with BAD_REQUEST and the server\u2019s message on a 400', async () => {
    const api = fakeApi([failed(400, 'Invalid cursor')]);
    const error = await rejection(
      new MultiMfaBot(api.options).waitForCode({ since: '!', timeoutMs: 60_000 }),
    );
    assert.equal(error.code, 'BAD_REQUEST');
    assert.match(error.message, /400: Invalid cursor/);
  });

  it('never waits past timeoutMs when the server holds the request (real timers)', async () => {
    const bot = new MultiMfaBot({
      apiKey: 'mmfa_bot_test',
      baseUrl: 'https://multimfa.test',
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    const began = Date.now();
    const error = await rejection(bot.waitForCode({ since: 'c1', sender: 'Google', timeoutMs: 300 }));
    const took = Date.now() - began;
    assert.equal(error.code, 'TIMEOUT');
    assert.match(error.message, /No code from Google arrived within 300 ms/);
    assert.ok(took >= 290 && took < 600, `took ${took} ms`);
  });

  it('ends with ABORTED when the caller\u2019s signal aborts', async () => {
    const controller = new AbortController();
    const bot = new MultiMfaBot({
      apiKey: 'mmfa_bot_test',
      baseUrl: 'https://multimfa.test',
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          setTimeout(() => controller.abort(), 10);
        }),
    });
    const error = await rejection(
      bot.waitForCode({ since: 'c1', timeoutMs: 10_000, signal: controller.signal }),
    );
    assert.equal(error.code, 'ABORTED');
  });

  it('refuses a missing key, base URL or timeout before calling anything', () => {
    assert.throws(() => new MultiMfaBot({ apiKey: '', baseUrl: 'https://x.test' }), /apiKey/);
    assert.throws(() => new MultiMfaBot({ apiKey: 'k', baseUrl: 'not a url' }), /baseUrl is not a URL/);
    const api = fakeApi([]);
    return assert.rejects(new MultiMfaBot(api.options).waitForCode({ timeoutMs: 0 }), /timeoutMs/);
  });
});

describe('MultiMfaBot.list and claim', () => {
  it('lists a page after the cursor', async () => {
    const api = fakeApi([ok({ messages: [message()], cursor: 'c2', hasMore: false })]);
    const listed = await new MultiMfaBot(api.options).list({ since: 'c1', limit: 10 });
    assert.equal(listed.cursor, 'c2');
    assert.equal(api.calls[0]?.url.search, '?since=c1&limit=10');
  });

  it('claims a text with POST, and fails with ALREADY_CLAIMED when another bot was first', async () => {
    const api = fakeApi([
      ok({ messageId: message().messageId, botId: 'b1', claimedAt: '2026-11-29T07:00:01.000Z' }),
      failed(409, 'Another bot has already claimed this message', { code: 'ALREADY_CLAIMED' }),
    ]);
    const bot = new MultiMfaBot(api.options);
    assert.equal((await bot.claim(message().messageId)).botId, 'b1');
    assert.equal(api.calls[0]?.method, 'POST');
    assert.equal(api.calls[0]?.url.pathname, `/api/bot/v1/messages/${message().messageId}/claim`);
    assert.equal((await rejection(bot.claim(message().messageId))).code, 'ALREADY_CLAIMED');
  });

  it('does not claim again after a 5xx (the first claim may have gone through)', async () => {
    const api = fakeApi([failed(503, 'Unavailable'), ok({})]);
    const error = await rejection(new MultiMfaBot(api.options).claim('m1'));
    assert.equal(error.code, 'SERVER_ERROR');
    assert.equal(api.calls.length, 1);
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or a date, else the answer\u2019s retryAfterSeconds', () => {
    const now = Date.parse('2026-11-29T07:00:00Z');
    assert.equal(retryAfterSeconds('7', null, now), 7);
    assert.equal(retryAfterSeconds('Sun, 29 Nov 2026 07:00:30 GMT', null, now), 30);
    assert.equal(
      retryAfterSeconds(null, { isError: true, message: '', data: { retryAfterSeconds: 12 } }, now),
      12,
    );
    assert.equal(retryAfterSeconds(null, null, now), undefined);
  });

  it('backs off 0.5 s, doubling, to at most 8 s', () => {
    assert.deepEqual([0, 1, 2, 3, 4, 5, 9].map(backoffMs), [500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { failed, fakeApi, message, ok } from '../testing/fake-api.fixture.js';
import { runCli } from './cli.command.js';

async function run(argv: string[], env: Record<string, string>, script: Parameters<typeof fakeApi>[0] = []) {
  const api = fakeApi(script);
  const out: string[] = [];
  const err: string[] = [];
  const { fetch, now, sleep } = api.options;
  const status = await runCli(
    argv,
    env,
    { stdout: (t) => out.push(t), stderr: (t) => err.push(t) },
    { fetch, now, sleep },
  );
  return { status, stdout: out.join(''), stderr: err.join(''), calls: api.calls };
}

const env = { MULTIMFA_API_KEY: 'mmfa_bot_cli', MULTIMFA_BASE_URL: 'https://multimfa.test' };

describe('multimfa-bot CLI', () => {
  it('wait prints the code alone, having long-polled for the sender with the key from MULTIMFA_API_KEY', async () => {
    const result = await run(['wait', '--sender', 'Google', '--timeout', '60'], env, [
      ok({ messages: [], cursor: 'c1', hasMore: false }),
      ok(message()),
    ]);
    assert.deepEqual([result.status, result.stdout, result.stderr], [0, '482913\n', '']);
    assert.equal(result.calls[1]?.url.searchParams.get('sender'), 'Google');
    assert.equal(result.calls[1]?.headers.authorization, 'Bearer mmfa_bot_cli');
  });

  it('--base-url wins over MULTIMFA_BASE_URL, and --json prints the whole message', async () => {
    const result = await run(['wait', '--since', 'c1', '--json', '--base-url', 'https://other.test'], env, [
      ok(message()),
    ]);
    assert.equal(result.calls[0]?.url.origin, 'https://other.test');
    assert.deepEqual(JSON.parse(result.stdout), message());
  });

  it('exits 1 with one line on stderr naming a refused key, and prints nothing on stdout', async () => {
    const result = await run(['wait'], env, [failed(401, 'Invalid API key', { code: 'INVALID_API_KEY' })]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    assert.match(
      result.stderr,
      /^multimfa-bot: INVALID_KEY: The API key was refused \(401: Invalid API key\)[^\n]*\n$/,
    );
  });

  it('exits 2 with one line on stderr when the key, the base URL or a valid timeout is missing', async () => {
    const noKey = await run(['wait'], { MULTIMFA_BASE_URL: 'https://multimfa.test' });
    assert.deepEqual(
      [noKey.status, noKey.stderr],
      [2, "multimfa-bot: MULTIMFA_API_KEY is not set: export the bot's API key from its RoboMFA page\n"],
    );
    const noUrl = await run(['wait'], { MULTIMFA_API_KEY: 'k' });
    assert.deepEqual(
      [noUrl.status, noUrl.stderr],
      [2, 'multimfa-bot: No base URL: pass --base-url or set MULTIMFA_BASE_URL\n'],
    );
    const badTimeout = await run(['wait', '--timeout', 'soon'], env);
    assert.deepEqual(
      [badTimeout.status, badTimeout.stderr],
      [2, 'multimfa-bot: --timeout must be a number above 0, not "soon"\n'],
    );
    const unknown = await run(['wait', '--colour'], env);
    assert.equal(unknown.status, 2);
    assert.equal(unknown.stderr.split('\n').length, 2);
  });

  it('claim and list print their answers as JSON', async () => {
    const claimed = { messageId: message().messageId, botId: 'b1', claimedAt: '2026-11-29T07:00:01.000Z' };
    const claim = await run(['claim', message().messageId], env, [ok(claimed)]);
    assert.deepEqual(JSON.parse(claim.stdout), claimed);
    const list = await run(['list', '--limit', '0'], env, [
      ok({ messages: [], cursor: 'c1', hasMore: false }),
    ]);
    assert.deepEqual(JSON.parse(list.stdout), { messages: [], cursor: 'c1', hasMore: false });
  });
});

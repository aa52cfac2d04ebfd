import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SandboxClient } from '../client/sandbox-client.js';
import { startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';

const PATH = '/services/T0001TEST/B0001TEST/abcdefghijklmnop1234';

describe("the sandbox's Slack incoming webhooks", () => {
  let sandbox: TestSandbox;
  let client: SandboxClient;
  const post = (body: unknown) =>
    fetch(`${sandbox.url}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = new SandboxClient(sandbox.url);
  });
  afterAll(() => sandbox.stop());

  it('answers a post 200 "ok" as text and shows it in the inbox with its blocks', async () => {
    const after = await client.cursor();
    const blocks = [{ type: 'header', text: { type: 'plain_text', text: '482913' } }];
    const answer = await post({ text: '482913: Google code', blocks });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('ok');
    const entry = await client.waitForSlackPost(PATH, { after });
    expect(entry).toMatchObject({
      channel: 'slack',
      status: 'delivered',
      code: 200,
      text: '482913: Google code',
      blocks,
    });
  });

  it.each([
    [403, 'invalid_token'],
    [404, 'channel_not_found'],
    [410, 'no_service'],
  ])('answers a slack fault of %i with Slack’s word %s, and shows the refused post', async (status, word) => {
    const after = await client.cursor();
    await client.setFault({ provider: 'slack', status });
    const answer = await post({ text: 'x' });
    expect([answer.status, await answer.text()]).toStrictEqual([status, word]);
    expect(await client.waitForSlackPost(PATH, { after })).toMatchObject({ status: 'refused', code: status });
  });

  it('answers a 429 fault with Retry-After', async () => {
    await client.setFault({ provider: 'slack', status: 429, retryAfterSeconds: 7 });
    const answer = await post({ text: 'x' });
    expect([answer.status, answer.headers.get('retry-after'), await answer.text()]).toStrictEqual([
      429,
      '7',
      'rate_limited',
    ]);
  });

  it('refuses a post with neither text nor blocks as Slack does', async () => {
    const answer = await post({});
    expect([answer.status, await answer.text()]).toStrictEqual([400, 'no_text']);
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONTACT_MESSAGES_PER_NETWORK_PER_HOUR } from '@multimfa/gateway/contact-throttle';
import { SandboxClient } from '@multimfa/provider-sandbox';
import pg from 'pg';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer = { isError: boolean; message: string; data: Record<string, unknown> | null };

const network = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const visitor = (tag: string) => ({
  name: `Ada ${tag}`,
  email: `ada-${tag}-${randomBytes(3).toString('hex')}@example.com`,
  message: `Hello, does the Business plan include ${tag}?\n\nThanks`,
});

describe('the contact form through the gateway (real messaging, its PostgreSQL, Redis; SendGrid in the sandbox)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let messagingDatabase: string;
  let inbox: SandboxClient;

  async function storedMessages(messageId: string) {
    const client = new pg.Client({ connectionString: messagingDatabase });
    await client.connect();
    try {
      const { rows } = await client.query(
        'SELECT name, email_address, message FROM contact_message WHERE message_id = $1',
        [messageId],
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await stack.start();
    messagingDatabase = await stack.startMessaging();
    gatewayUrl = (await stack.gateway()).url;
    inbox = new SandboxClient(stack.sandboxUrl);
  });

  afterAll(async () => {
    await stack.stop();
  });

  it('stores a message and e-mails it to the support address, reply-to the visitor', async () => {
    const cursor = await inbox.cursor();
    const sent = visitor('pricing');
    const browser = new Browser(gatewayUrl, `${network()}.7`);
    const { status, body } = await browser.call<Answer>('POST', '/api/contact', sent);
    assert.equal(status, 200);
    assert.equal(body.isError, false);
    const messageId = String(body.data?.messageId);
    assert.match(messageId, /^[0-9a-f-]{36}$/);

    expect(await storedMessages(messageId)).toStrictEqual([
      { name: sent.name, email_address: sent.email, message: sent.message },
    ]);
    const email = await inbox.waitForEmail(stack.supportAddress, { after: cursor, timeoutMs: 30_000 });
    assert.equal(email.subject, `Contact form: ${sent.name}`);
    assert.equal(email.replyTo?.email, sent.email);
    assert.match(email.text ?? '', new RegExp(`From: ${sent.name} <${sent.email}>`));
    assert.match(email.text ?? '', /does the Business plan include pricing\?/);
    assert.match(email.html ?? '', /does the Business plan include pricing\?/);
  });

  it(`answers the ${CONTACT_MESSAGES_PER_NETWORK_PER_HOUR + 1}th message from one client network within the hour with 429 in the error shape, and still takes messages from another network`, async () => {
    const sender = network();
    for (let i = 1; i <= CONTACT_MESSAGES_PER_NETWORK_PER_HOUR; i += 1) {
      // Different addresses of the same /24: one network.
      const { status } = await new Browser(gatewayUrl, `${sender}.${i}`).call(
        'POST',
        '/api/contact',
        visitor(`n${i}`),
      );
      assert.equal(status, 200, `message ${i}`);
    }
    const refused = await new Browser(gatewayUrl, `${sender}.99`).call<Answer>(
      'POST',
      '/api/contact',
      visitor('over'),
    );
    assert.equal(refused.status, 429);
    expect(refused.body).toStrictEqual({
      isError: true,
      message: 'Too many messages were sent from your network. Please try again in an hour',
      data: { code: 'TOO_MANY_MESSAGES', retryAfterSeconds: 3600 },
    });

    const other = await new Browser(gatewayUrl, `${network()}.1`).call(
      'POST',
      '/api/contact',
      visitor('other'),
    );
    assert.equal(other.status, 200);
  });

  it('refuses a blank name and a malformed address with 400 naming the problem, storing nothing', async () => {
    const countStored = async () => {
      const client = new pg.Client({ connectionString: messagingDatabase });
      await client.connect();
      try {
        return (await client.query('SELECT count(*)::int AS n FROM contact_message')).rows[0].n as number;
      } finally {
        await client.end();
      }
    };
    const before = await countStored();
    const browser = new Browser(gatewayUrl, `${network()}.5`);
    const blank = await browser.call<Answer>('POST', '/api/contact', { ...visitor('blank'), name: '  ' });
    assert.equal(blank.status, 400);
    assert.equal(blank.body.isError, true);
    assert.equal(blank.body.message, 'Please enter your name');
    assert.equal(blank.body.data?.code, 'VALIDATION_FAILED');

    const malformed = await browser.call<Answer>('POST', '/api/contact', {
      ...visitor('malformed'),
      email: 'not-an-address',
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.isError, true);
    assert.equal(malformed.body.message, 'Please provide a valid email address');
    assert.equal(malformed.body.data?.code, 'VALIDATION_FAILED');
    assert.equal(await countStored(), before);
  });
});

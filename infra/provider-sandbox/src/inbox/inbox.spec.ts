import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import twilio from 'twilio';
import { SandboxClient, SandboxTimeoutError } from '../client/sandbox-client.js';
import { SandboxTwilioHttpClient } from '../client/twilio-http-client.js';
import { HOOKS, startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';

const OWNED = '+14155550123';
const XSS = `<img src=x onerror="alert('pwned')">`;

/** Reads Server-Sent Events from the inbox until `done` says stop. */
async function readEvents(
  url: string,
  done: (events: Array<{ id: string; data: { id: string; html: string } }>) => boolean,
  headers: Record<string, string> = {},
) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  const reader = response.body?.getReader();
  assert.ok(reader);
  const decoder = new TextDecoder();
  const events: Array<{ id: string; data: { id: string; html: string } }> = [];
  let buffer = '';
  const timer = setTimeout(() => controller.abort(), 5_000);
  try {
    while (!done(events)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data) events.push({ id, data: JSON.parse(data) });
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

describe('inbox page, live feed and control API', () => {
  let test: TestSandbox;
  let client: SandboxClient;
  let sms: twilio.Twilio;

  beforeAll(async () => {
    test = await startTestSandbox();
    client = new SandboxClient(test.url);
    sms = twilio(test.config.twilio.accountSid, test.config.twilio.authToken, {
      httpClient: new SandboxTwilioHttpClient(test.url),
    });
  });
  beforeEach(() => client.reset());
  afterAll(() => test.stop());

  it('shows every message newest first, escaped, under a strict content security policy', async () => {
    await sms.messages.create({ to: '+15550100001', from: OWNED, body: `first ${XSS}` });
    await sms.messages.create({
      to: '+15550100002',
      from: OWNED,
      body: 'second https://app.example/activate/t0k',
    });
    const response = await fetch(`${test.url}/inbox`);
    assert.equal(response.status, 200);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-eval|script-src[^;]*unsafe-inline/);
    const html = await response.text();
    assert.ok(html.indexOf('+15550100002') < html.indexOf('+15550100001'), 'newest first');
    assert.ok(!html.includes(XSS), 'the raw markup never reaches the page');
    assert.ok(html.includes('&lt;img src=x onerror=&quot;alert(&#39;pwned&#39;)&quot;&gt;'));
    assert.match(
      html,
      /<a href="https:\/\/app\.example\/activate\/t0k" target="_blank" rel="noopener noreferrer">/,
    );
    assert.match(html, /<label for="sms-from">From<\/label>/);
    assert.match(html, /<script src="\/assets\/inbox\.js" defer><\/script>/);
    assert.equal((await fetch(`${test.url}/`)).status, 200);
  });

  it('renders e-mail HTML only inside a sandboxed srcdoc frame', async () => {
    await fetch(`${test.url}/v3/mail/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${test.config.sendgrid.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: 'frame@example.com' }] }],
        from: { email: 'noreply@multimfa.example' },
        subject: `Hi ${XSS}`,
        content: [
          { type: 'text/plain', value: 'plain' },
          { type: 'text/html', value: `<p>hello</p><script>alert(1)</script>"'` },
        ],
      }),
    });
    const html = await (await fetch(`${test.url}/inbox`)).text();
    const frame = /<iframe class="mail-frame"[^>]*>/.exec(html)?.[0] ?? '';
    assert.match(frame, /sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    assert.doesNotMatch(frame, /allow-scripts|allow-same-origin/);
    assert.match(frame, /srcdoc="[^"]*&lt;script&gt;alert\(1\)&lt;\/script&gt;&quot;&#39;[^"]*"/);
    assert.ok(!html.includes('<script>alert(1)</script>'));
    assert.ok(!html.includes(XSS));
  });

  it('streams new and updated entries, and replays what a reconnecting page missed', async () => {
    const stream = readEvents(`${test.url}/inbox/events`, (events) =>
      events.some(
        (event) => event.data.html.includes('+15550100003') && event.data.html.includes('delivered'),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const message = await sms.messages.create({ to: '+15550100003', from: OWNED, body: 'live <b>one</b>' });
    const events = await stream;
    const forMessage = events.filter((event) => event.data.html.includes(message.sid));
    assert.ok(forMessage.length >= 2, 'added, then updated');
    assert.ok(forMessage[0]?.data.html.includes('live &lt;b&gt;one&lt;/b&gt;'));

    const firstId = forMessage[0]?.id ?? '0';
    const replay = await readEvents(`${test.url}/inbox/events`, (received) => received.length > 0, {
      'Last-Event-ID': firstId,
    });
    assert.ok(Number(replay[0]?.id) > Number(firstId));
    assert.ok(replay[0]?.data.html.includes(message.sid));
  });

  it('texts a number from the form: CSRF token required, same-site only, errors shown with the values kept', async () => {
    const page = await (await fetch(`${test.url}/inbox`)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${test.url}/inbox/sms`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
        redirect: 'manual',
      });

    const noToken = await post({ from: '+15550009999', to: OWNED, body: 'x' });
    assert.equal(noToken.status, 403);
    const crossSite = await post(
      { csrf, from: '+15550009999', to: OWNED, body: 'x' },
      { 'Sec-Fetch-Site': 'cross-site' },
    );
    assert.equal(crossSite.status, 403);
    assert.equal(test.receiver.to(HOOKS.twilioInbound).length, 0);

    const invalid = await post({ csrf, from: 'not a number', to: OWNED, body: `kept ${XSS}` });
    assert.equal(invalid.status, 400);
    const invalidPage = await invalid.text();
    assert.match(invalidPage, /role="alert">From must be a phone number/);
    assert.match(invalidPage, /kept &lt;img/);

    const sent = await post({ csrf, from: '+15550009999', to: OWNED, body: 'Code 424242' });
    assert.equal(sent.status, 303);
    assert.match(sent.headers.get('location') ?? '', /^\/inbox#entry-sms_/);
    const [request] = await test.receiver.waitFor((r) => r.path === HOOKS.twilioInbound);
    const fields = Object.fromEntries(new URLSearchParams(request?.body));
    assert.equal(fields.Body, 'Code 424242');
    assert.equal(
      twilio.validateRequest(
        test.config.twilio.authToken,
        String(request?.headers['x-twilio-signature']),
        request?.url ?? '',
        fields,
      ),
      true,
    );
  });

  it('lets tests wait for messages with a cursor and a timeout', async () => {
    await sms.messages.create({ to: '+15550100004', from: OWNED, body: 'old' });
    const cursor = await client.cursor();
    const waiting = client.waitForSms('+1 555 010 0004', {
      after: cursor,
      match: (entry) => entry.body.includes('456'),
    });
    await sms.messages.create({ to: '+15550100004', from: OWNED, body: 'new 123' });
    await sms.messages.create({ to: '+15550100004', from: OWNED, body: 'new 456' });
    assert.equal((await waiting).body, 'new 456');

    const started = Date.now();
    await assert.rejects(client.waitForEmail('nobody@example.com', { timeoutMs: 300 }), SandboxTimeoutError);
    assert.ok(Date.now() - started < 2_000);

    const listed = await client.messages({ channel: 'sms', to: '+15550100004' });
    expect(listed.map((entry) => (entry.channel === 'sms' ? entry.body : ''))).toStrictEqual([
      'new 456',
      'new 123',
      'old',
    ]);
    await client.reset();
    expect(await client.messages()).toStrictEqual([]);
  });

  it('publishes what tools need to know at /_sandbox/info, without secrets', async () => {
    const response = await fetch(`${test.url}/_sandbox/info`);
    const text = await response.text();
    const info = JSON.parse(text) as {
      twilio: { phoneNumbers: string[] };
      stripe: { publishableKey: string };
    };
    assert.deepEqual(info.twilio.phoneNumbers, test.config.twilio.phoneNumbers);
    assert.equal(info.stripe.publishableKey, test.config.stripe.publishableKey);
    for (const secret of [
      test.config.stripe.secretKey,
      test.config.stripe.webhookSecret,
      test.config.twilio.authToken,
      test.config.sendgrid.apiKey,
      test.config.google.clientSecret,
    ]) {
      assert.ok(!text.includes(secret));
    }
  });
});

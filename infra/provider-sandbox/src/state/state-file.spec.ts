import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import twilio from 'twilio';
import { SandboxClient } from '../client/sandbox-client.js';
import { SandboxTwilioHttpClient } from '../client/twilio-http-client.js';
import { loadSandboxSettings } from '../config/sandbox-config.js';
import { createSandbox, SandboxStateError } from '../sandbox.js';
import { eventually } from '../testing/eventually.js';
import { WebhookReceiver } from '../testing/webhook-receiver.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const DEFAULTS = loadSandboxSettings({}).config;
/** A number the account owns from the start, whose SmsUrl the product points at itself (as numbers does). */
const OWNED = '+14155550123';
/** A number bought through the API, which a fresh account does not have. */
const BOUGHT = '+353851234567';
const MEMBER = '+12125550171';

/** A sandbox process (dist/main.js, as `npm start` runs it) on a free port. */
interface SandboxProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

function spawnSandbox(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', SANDBOX_CALLBACK_DELAY_MS: '20', ...env },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

async function startSandbox(stateFile: string): Promise<SandboxProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output } = spawnSandbox({ SANDBOX_PORT: String(port), SANDBOX_STATE_FILE: stateFile });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited (${child.exitCode}): ${output()}`);
    const ready = await fetch(`${url}/health/ready`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the sandbox was not ready in time: ${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}

const clientsOf = (url: string) => ({
  twilio: twilio(DEFAULTS.twilio.accountSid, DEFAULTS.twilio.authToken, {
    httpClient: new SandboxTwilioHttpClient(url),
  }),
  stripe: new Stripe(DEFAULTS.stripe.secretKey, {
    host: '127.0.0.1',
    port: Number(new URL(url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  }),
  sandbox: new SandboxClient(url),
});

describe('the state file (SANDBOX_STATE_FILE): provider accounts across restarts', () => {
  let dir: string;
  let receiver: WebhookReceiver;
  const running: SandboxProcess[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    for (const sandbox of running) if (sandbox.child.exitCode === null) sandbox.child.kill('SIGKILL');
    await receiver.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a restarted sandbox still routes the numbers bought before, and knows the Stripe customers, cards and payments', async () => {
    const stateFile = join(dir, 'nested', 'state.json');
    const first = await startSandbox(stateFile);
    running.push(first);
    const before = clientsOf(first.url);

    // Twilio, as the numbers service does it: point an owned number's SmsUrl at the product; and a
    // number bought through the API.
    const [owned] = await before.twilio.incomingPhoneNumbers.list({ phoneNumber: OWNED });
    assert.ok(owned);
    await before.twilio.incomingPhoneNumbers(owned.sid).update({
      smsUrl: receiver.at('/sms/owned'),
      smsMethod: 'POST',
    });
    const bought = await before.twilio.incomingPhoneNumbers.create({
      phoneNumber: BOUGHT,
      smsUrl: receiver.at('/sms/bought'),
    });
    const forwarded = await before.twilio.messages.create({ from: BOUGHT, to: MEMBER, body: 'Code 111111' });

    // Stripe, as billing does it: the customer at sign-up, a saved default card, an off-session charge.
    const customer = await before.stripe.customers.create(
      { email: 'ada@example.com', name: 'Ada Lovelace', metadata: { userId: 'u-1' } },
      { idempotencyKey: 'customer-u-1' },
    );
    const card = await before.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await before.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: card.id },
    });
    const payment = await before.stripe.paymentIntents.create({
      amount: 500,
      currency: 'usd',
      customer: customer.id,
      payment_method: card.id,
      allowed_payment_method_types: ['card'],
      off_session: true,
      confirm: true,
    });
    assert.equal(payment.status, 'succeeded');
    // The forwarded text's delivery steps are written too.
    await eventually(
      async () => assert.equal((await before.twilio.messages(forwarded.sid).fetch()).status, 'delivered'),
      5_000,
    );
    const cursor = await before.sandbox.cursor();

    assert.equal(await first.stop(), 0, first.output());
    assert.ok(existsSync(stateFile), 'the state file is written when the sandbox stops');
    // No temporary file is left beside it.
    expect(readdirSync(join(dir, 'nested'))).toStrictEqual(['state.json']);

    const second = await startSandbox(stateFile);
    running.push(second);
    const after = clientsOf(second.url);
    try {
      // Texting either number reaches its webhook, as before the restart.
      for (const [number, path] of [
        [OWNED, '/sms/owned'],
        [BOUGHT, '/sms/bought'],
      ] as const) {
        const texted = await after.sandbox.sendInboundSms({
          from: '+447700900555',
          to: number,
          body: `Your code for ${number} is 424242`,
        });
        expect(texted.webhook).toStrictEqual({ url: receiver.at(path), ok: true, status: 200 });
        const [request] = receiver.to(path);
        assert.ok(request, `nothing was posted to ${path}`);
        const fields = Object.fromEntries(new URLSearchParams(request.body));
        assert.equal(fields.To, number);
        assert.equal(fields.Body, `Your code for ${number} is 424242`);
        assert.equal(
          twilio.validateRequest(
            DEFAULTS.twilio.authToken,
            String(request.headers['x-twilio-signature']),
            receiver.at(path),
            fields,
          ),
          true,
        );
      }
      const number = await after.twilio.incomingPhoneNumbers(bought.sid).fetch();
      assert.equal(number.phoneNumber, BOUGHT);
      // The bought number still sends: forwards go out from it.
      const again = await after.twilio.messages.create({ from: BOUGHT, to: MEMBER, body: 'Code 222222' });
      assert.equal(again.status, 'queued');
      assert.equal((await after.twilio.messages(forwarded.sid).fetch()).status, 'delivered');

      // The customer, its default card and its payment are there; a renewal charges the card again.
      const restored = (await after.stripe.customers.retrieve(customer.id)) as Stripe.Customer;
      assert.equal(restored.email, 'ada@example.com');
      assert.equal(restored.invoice_settings.default_payment_method, card.id);
      const cards = await after.stripe.customers.listPaymentMethods(customer.id);
      expect(cards.data.map((method) => [method.id, method.card?.fingerprint])).toStrictEqual([
        [card.id, card.card?.fingerprint],
      ]);
      assert.equal((await after.stripe.paymentIntents.retrieve(payment.id)).status, 'succeeded');
      const renewal = await after.stripe.paymentIntents.create({
        amount: 500,
        currency: 'usd',
        customer: customer.id,
        payment_method: card.id,
        allowed_payment_method_types: ['card'],
        off_session: true,
        confirm: true,
      });
      assert.equal(renewal.status, 'succeeded');
      // The idempotent create answers the same customer, as Stripe would.
      const replayed = await after.stripe.customers.create(
        { email: 'ada@example.com', name: 'Ada Lovelace', metadata: { userId: 'u-1' } },
        { idempotencyKey: 'customer-u-1' },
      );
      assert.equal(replayed.id, customer.id);

      // The inbox lists what it showed, and cursors taken before still mean the same.
      const earlier = await after.sandbox.messages({ channel: 'sms', to: MEMBER });
      assert.ok(earlier.some((entry) => entry.channel === 'sms' && entry.sid === forwarded.sid));
      const newer = await after.sandbox.messages({ after: cursor });
      assert.equal(newer.length, 3, 'two texts in and one out since the restart');
      const info = (await (await fetch(`${second.url}/_sandbox/info`)).json()) as {
        pid: number;
        stateFile: string;
        twilio: { phoneNumbers: string[] };
      };
      assert.equal(info.pid, second.child.pid);
      assert.equal(info.stateFile, stateFile);
      assert.ok(info.twilio.phoneNumbers.includes(BOUGHT));
    } finally {
      assert.equal(await second.stop(), 0, second.output());
    }
  });

  it('writes changes while running (at most every 250 ms), not only when it stops', async () => {
    const stateFile = join(dir, 'running.json');
    const sandbox = await startSandbox(stateFile);
    running.push(sandbox);
    try {
      const { stripe } = clientsOf(sandbox.url);
      const customer = await stripe.customers.create({ email: 'grace@example.com' });
      const saved = await eventually(() => {
        const file = JSON.parse(readFileSync(stateFile, 'utf8')) as {
          version: number;
          stores: { stripe: { customers: Array<[string, { email: string }]> } };
        };
        expect(file.stores.stripe.customers.map(([id, value]) => [id, value.email])).toStrictEqual([
          [customer.id, 'grace@example.com'],
        ]);
        return file;
      }, 3_000);
      assert.equal(saved.version, 1);
    } finally {
      assert.equal(await sandbox.stop(), 0, sandbox.output());
    }
  });

  it('refuses to start on a corrupt state file, with one line naming it, and leaves the file as it was', async () => {
    const stateFile = join(dir, 'corrupt.json');
    writeFileSync(stateFile, '{"version":1,"savedAt":"2026-01-01T00:00:00.000Z","stores":{"twi');
    const { child, output } = spawnSandbox({
      SANDBOX_PORT: String(await freePort()),
      SANDBOX_STATE_FILE: stateFile,
    });
    const [code] = await once(child, 'exit');
    assert.equal(code, 1);
    const lines = output().trim().split('\n');
    assert.equal(lines.length, 1, output());
    assert.match(
      lines[0] ?? '',
      new RegExp(
        `^Provider sandbox state file ${stateFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not valid JSON \\(.+\\): fix it, or delete it`,
      ),
    );
    assert.equal(
      readFileSync(stateFile, 'utf8'),
      '{"version":1,"savedAt":"2026-01-01T00:00:00.000Z","stores":{"twi',
    );
  });

  it('refuses a file that is not a state file, or whose parts are malformed, or that cannot be read', () => {
    const attempt = (contents: string | undefined) => {
      const stateFile = join(dir, `bad-${Math.random().toString(36).slice(2)}`);
      if (contents === undefined) mkdirSync(stateFile);
      else writeFileSync(stateFile, contents);
      const { config } = loadSandboxSettings({ LOG_LEVEL: 'silent', SANDBOX_STATE_FILE: stateFile });
      try {
        createSandbox(config);
      } catch (error) {
        assert.ok(error instanceof SandboxStateError);
        assert.ok(error.message.includes(stateFile));
        assert.doesNotMatch(error.message, /\n/);
        return error.message;
      }
      throw new Error('expected the sandbox to refuse the state file');
    };
    assert.match(attempt('[]'), /is not a provider-sandbox state file/);
    assert.match(attempt('{"version":2,"savedAt":"x","stores":{}}'), /version must be 1/);
    assert.match(
      attempt('{"version":1,"savedAt":"x","stores":{"twilio":{"numbers":5}}}'),
      /has a malformed "twilio" part/,
    );
    assert.match(attempt(undefined), /cannot be read \(EISDIR/);
  });

  it('keeps everything in memory without SANDBOX_STATE_FILE', async () => {
    const { config } = loadSandboxSettings({ LOG_LEVEL: 'silent' });
    assert.equal(config.stateFile, undefined);
    const before = readdirSync(dir).sort();
    const sandbox = createSandbox(config);
    const url = await sandbox.listen(0, '127.0.0.1');
    await clientsOf(url).stripe.customers.create({ email: 'nobody@example.com' });
    await sandbox.close();
    expect(readdirSync(dir).sort()).toStrictEqual(before);
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WAITLIST_LIMITS } from '@multimfa/gateway/promotion-throttle';
import { type EmailEntry, SandboxClient } from '@multimfa/provider-sandbox';
import { testGatewayCaller } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { email, PASSWORD, signUpBody, verifyEmail } from '../testing/accounts.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T = unknown> = { isError: boolean; message: string; data: T };

const network = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const codeIn = (mail: EmailEntry) => /(\d{6})/.exec(mail.text ?? '')?.[1] ?? '';
const DAY_MS = 86_400_000;

describe('the waitlist and the discount mailing through the gateway (real identity, billing, messaging, PostgreSQL, Redis, Kafka; SendGrid in the sandbox)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let inbox: SandboxClient;
  let identityDb: pg.Client;
  let messagingDb: pg.Client;
  let admin: Browser;
  let customer: Browser;

  async function signedUp(userType: 'ADMIN' | 'CUSTOMER'): Promise<Browser> {
    const emailAddress = email(`promo-${userType.toLowerCase()}`);
    const browser = new Browser(gatewayUrl, `${network()}.1`);
    assert.equal((await browser.call('POST', '/api/auth/signup', signUpBody(emailAddress))).status, 200);
    if (userType === 'CUSTOMER') return browser;
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE email_address = $1`, [
      emailAddress,
    ]);
    const signedIn = new Browser(gatewayUrl, `${network()}.1`);
    const login = await signedIn.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD });
    assert.equal(login.status, 200);
    return signedIn;
  }

  /** Joins the waitlist from a fresh network and answers the code e-mailed to the address. */
  async function joined(address: string): Promise<{ visitor: Browser; code: string; mail: EmailEntry }> {
    const visitor = new Browser(gatewayUrl, `${network()}.9`);
    const cursor = await inbox.cursor();
    const answer = await visitor.call<Answer>('POST', '/api/promotion', { email: address });
    assert.equal(answer.status, 200, answer.body.message);
    const mail = await inbox.waitForEmail(address, { after: cursor, timeoutMs: 30_000 });
    return { visitor, code: codeIn(mail), mail };
  }

  async function prospect(address: string): Promise<void> {
    const { visitor, code } = await joined(address);
    const answer = await visitor.call<Answer>('POST', '/api/verify/promotion', {
      email: address,
      token: code,
    });
    assert.equal(answer.status, 200, answer.body.message);
  }

  async function activeCode(): Promise<string> {
    const code = `WAIT${randomBytes(3).toString('hex').toUpperCase()}`;
    const answer = await admin.call<Answer>('POST', '/api/admin/discounts', {
      code,
      discountType: 'PERCENTAGE',
      value: 20,
      maxNoUsage: 100,
      expiryDate: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
    });
    assert.equal(answer.status, 200, answer.body.message);
    return code;
  }

  async function offersTo(address: string): Promise<EmailEntry[]> {
    return (await inbox.messages({ channel: 'email', to: address })).filter((mail) =>
      (mail as EmailEntry).subject?.startsWith('Your MultiMFA discount'),
    ) as EmailEntry[];
  }

  beforeAll(async () => {
    await stack.start();
    const messagingDatabase = await stack.startMessaging();
    gatewayUrl = (await stack.gateway()).url;
    inbox = new SandboxClient(stack.sandboxUrl);
    identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
    messagingDb = new pg.Client({ connectionString: messagingDatabase });
    await messagingDb.connect();
    admin = await signedUp('ADMIN');
    customer = await signedUp('CUSTOMER');
  });

  afterAll(async () => {
    await identityDb?.end();
    await messagingDb?.end();
    await stack.stop();
  });

  it('e-mails a 6-digit code; a wrong code gets CODE_INVALID, the right one the thank-you and makes the address a prospect', async () => {
    const address = email('waitlist');
    const { visitor, code, mail } = await joined(address);
    assert.equal(mail.subject, 'Your MultiMFA waitlist code');
    assert.match(code, /^\d{6}$/);
    const stored = await identityDb.query('SELECT code_hash FROM waitlist_signup WHERE email_address = $1', [
      address,
    ]);
    assert.notEqual(stored.rows[0].code_hash, code);
    assert.doesNotMatch(JSON.stringify(stored.rows), new RegExp(code));

    const wrong = await visitor.call<Answer<{ code: string }>>('POST', '/api/verify/promotion', {
      email: address,
      token: code === '000000' ? '000001' : '000000',
    });
    expect([wrong.status, wrong.body.isError, wrong.body.data?.code]).toStrictEqual([
      400,
      true,
      'CODE_INVALID',
    ]);

    const right = await visitor.call<Answer>('POST', '/api/verify/promotion', {
      email: address,
      token: code,
    });
    expect([right.status, right.body]).toStrictEqual([
      200,
      { isError: false, message: "Thank you for your interest! We'll get back to you", data: null },
    ]);
    const listed = await admin.call<Answer<Array<{ emailAddress: string; type: string }>>>(
      'GET',
      '/api/admin/discounts/users-prospects',
    );
    assert.equal(listed.status, 200);
    expect(listed.body.data.find((p) => p.emailAddress === address)).toMatchObject({ type: 'WAITLIST' });
  });

  it('a confirmed address that signs up is quoted its first MultiMFA at 20% off (identity.waitlist.confirmed reached billing once)', async () => {
    const address = email('waitlist-offer');
    await prospect(address);
    const billingDb = new pg.Client({ connectionString: stack.databases[1] });
    await billingDb.connect();
    try {
      let offers: unknown[] = [];
      for (let i = 0; i < 300 && offers.length === 0; i += 1) {
        offers = (
          await billingDb.query('SELECT redeemed_at FROM waitlist_offer WHERE email_address = $1', [address])
        ).rows;
        if (offers.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(offers).toStrictEqual([{ redeemed_at: null }]);
    } finally {
      await billingDb.end();
    }
    const buyer = new Browser(gatewayUrl, `${network()}.1`);
    assert.equal((await buyer.call('POST', '/api/auth/signup', signUpBody(address))).status, 200);
    await verifyEmail(stack, buyer, address);
    const quote = await buyer.call<Answer>('POST', '/api/plan/quote', {
      MFAType: 'MultiMFA',
      planId: 1,
      name: 'Waitlist team',
      countryId: 1,
    });
    expect([quote.status, quote.body.data]).toStrictEqual([
      200,
      { actualAmount: 5, discountedAmount: 1, payableAmount: 4, waitlistOffer: true },
    ]);
  });

  it('attack: 20 concurrent wrong guesses at identity count as the 5 allowed tries and spend the code, so the right code is refused after them', async () => {
    const address = email('guessed');
    const { code } = await joined(address);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map(async (guess) => {
        const response = await fetch(`${stack.identityUrl}/waitlist/verification`, {
          method: 'POST',
          headers: { ...(await testGatewayCaller.headers('identity')), 'content-type': 'application/json' },
          body: JSON.stringify({ emailAddress: address, code: guess }),
        });
        return response.status;
      }),
    );
    assert.deepEqual(new Set(answers), new Set([400]));
    const row = await identityDb.query('SELECT code_hash FROM waitlist_signup WHERE email_address = $1', [
      address,
    ]);
    assert.equal(row.rows[0].code_hash, null, 'the fifth wrong try spends the code');
    const late = await new Browser(gatewayUrl, `${network()}.3`).call<Answer<{ code: string }>>(
      'POST',
      '/api/verify/promotion',
      { email: address, token: code },
    );
    expect([late.status, late.body.data?.code]).toStrictEqual([400, 'CODE_INVALID']);
  });

  it(`answers the ${WAITLIST_LIMITS.triesPerAddress + 1}th try for one address within the hour with 429, from any network`, async () => {
    const address = email('tries');
    for (let i = 0; i < WAITLIST_LIMITS.triesPerAddress; i += 1) {
      const answer = await new Browser(gatewayUrl, `${network()}.4`).call('POST', '/api/verify/promotion', {
        email: address,
        token: '123456',
      });
      assert.equal(answer.status, 400);
    }
    const refused = await new Browser(gatewayUrl, `${network()}.4`).call<Answer<{ code: string }>>(
      'POST',
      '/api/verify/promotion',
      { email: address, token: '123456' },
    );
    expect([refused.status, refused.body.isError, refused.body.data?.code]).toStrictEqual([
      429,
      true,
      'TOO_MANY_REQUESTS',
    ]);
  });

  it('answers a customer 403 on users-prospects and save-discount-mails', async () => {
    const list = await customer.call('GET', '/api/admin/discounts/users-prospects');
    const save = await customer.call('POST', '/api/admin/discounts/save-discount-mails', [
      { emailAddress: 'someone@example.com', discountCode: 'ANY' },
    ]);
    assert.deepEqual([list.status, save.status], [403, 403]);
  });

  it('e-mails each selected prospect the code once across repeated saves; an unsubscribed address gets no further code', async () => {
    const [first, second] = [email('prospect-a'), email('prospect-b')];
    await prospect(first);
    await prospect(second);
    const code = await activeCode();

    const saved = await admin.call<Answer<{ queued: number; alreadySent: number }>>(
      'POST',
      '/api/admin/discounts/save-discount-mails',
      [
        { emailAddress: first, discountCode: code },
        { emailAddress: second, discountCode: code },
      ],
    );
    expect([saved.status, saved.body]).toStrictEqual([
      200,
      {
        isError: false,
        message: 'Emails will be sent to selected addresses',
        data: { queued: 2, alreadySent: 0 },
      },
    ]);
    const offer = await inbox.waitForEmail(second, {
      timeoutMs: 30_000,
      match: (m) => m.subject?.startsWith('Your MultiMFA discount') ?? false,
    });
    await inbox.waitForEmail(first, {
      timeoutMs: 30_000,
      match: (m) => m.subject?.startsWith('Your MultiMFA discount') ?? false,
    });
    assert.equal(offer.subject, 'Your MultiMFA discount: 20% off');
    assert.match(offer.text ?? '', new RegExp(code));

    // The save repeated (a retry, a double click): nothing is sent again.
    const again = await admin.call<Answer<{ queued: number; alreadySent: number }>>(
      'POST',
      '/api/admin/discounts/save-discount-mails',
      [{ emailAddress: first, discountCode: code.toLowerCase() }],
    );
    expect(again.body.data).toStrictEqual({ queued: 0, alreadySent: 1 });

    // The unsubscribe link of the e-mail, as the waitlist page calls it.
    const link = new URL(
      /href="([^"]*unsubscribe=[^"]*)"/.exec(offer.html ?? '')?.[1]?.replaceAll('&amp;', '&') ?? '',
    );
    const forged = await new Browser(gatewayUrl).call('POST', '/api/promotion/unsubscribe', {
      email: first,
      token: link.searchParams.get('unsubscribe'),
    });
    assert.equal(forged.status, 400, "one address's link does not unsubscribe another");
    const unsubscribed = await new Browser(gatewayUrl).call<Answer>('POST', '/api/promotion/unsubscribe', {
      email: link.searchParams.get('email'),
      token: link.searchParams.get('unsubscribe'),
    });
    expect([unsubscribed.status, unsubscribed.body.message]).toStrictEqual([
      200,
      'You will no longer receive MultiMFA offers at this address',
    ]);

    const next = await activeCode();
    await admin.call('POST', '/api/admin/discounts/save-discount-mails', [
      { emailAddress: second, discountCode: next },
      { emailAddress: first, discountCode: next },
    ]);
    // One topic partition per discount: once the first address's e-mail is recorded, the second's event was handled.
    await inbox.waitForEmail(first, { timeoutMs: 30_000, match: (m) => m.text?.includes(next) ?? false });
    const kinds = await messagingDb.query(
      `SELECT to_address, count(*)::int AS n FROM outbound_email WHERE kind = 'DISCOUNT_OFFER' AND to_address = ANY($1) GROUP BY to_address ORDER BY to_address`,
      [[first, second].sort()],
    );
    expect(Object.fromEntries(kinds.rows.map((r) => [r.to_address, r.n]))).toStrictEqual({
      [first]: 2,
      [second]: 1,
    });
    assert.equal((await offersTo(first)).length, 2);
    assert.equal((await offersTo(second)).length, 1);
  });
});

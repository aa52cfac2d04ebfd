import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SIGN_UP_THROTTLE } from '@multimfa/gateway/sign-up-throttle';
import { SandboxClient } from '@multimfa/provider-sandbox';
import pg from 'pg';
import {
  type Body,
  email,
  PASSWORD,
  sessionStripeCustomerId,
  signUpBody,
  verifiedCustomer,
} from '../testing/accounts.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

/** A /24 of its own: browsers at `${network}.n` are one client network. */
const network = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const ACCOUNT_EXISTS_SUBJECT = 'Someone tried to sign up to MultiMFA with your address';
/** The gateway's default limit per client network in 10 minutes (SIGNUP_LIMIT_PER_NETWORK). */
const PER_NETWORK = 10;

describe('sign-up used as a weapon, through the gateway (real identity, billing, messaging; SendGrid in the sandbox)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let identityDb: pg.Client;
  let inbox: SandboxClient;

  async function accountsFor(addresses: string[]): Promise<number> {
    const { rows } = await identityDb.query(
      'SELECT count(*)::int AS n FROM app_user WHERE email_address = ANY($1)',
      [addresses],
    );
    return rows[0].n;
  }

  /** "Someone tried to sign up with your address" e-mails SendGrid took for `emailAddress`. */
  async function accountExistsEmails(emailAddress: string): Promise<number> {
    const sent = await inbox.messages({ channel: 'email', to: emailAddress });
    return sent.filter((entry) => 'subject' in entry && entry.subject === ACCOUNT_EXISTS_SUBJECT).length;
  }

  /** Waits until `count` of them arrived, then a little longer, so one more would show too. */
  async function settledAccountExistsEmails(emailAddress: string, count: number): Promise<number> {
    const notices = await stack.notifications(
      (n) => n.emailAddress === emailAddress && n.kind === 'ACCOUNT_EXISTS',
    );
    for (let waited = 0; waited < 150 && (await accountExistsEmails(emailAddress)) < count; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const emails = await accountExistsEmails(emailAddress);
    assert.equal(notices.length, emails, 'every notice identity asked for reached SendGrid');
    return emails;
  }

  /** Customers the sandbox's Stripe holds for `emailAddress`. */
  async function stripeCustomers(emailAddress: string): Promise<number> {
    const listed = await fetch(
      `${stack.sandboxUrl}/v1/customers?limit=100&email=${encodeURIComponent(emailAddress)}`,
      { headers: { authorization: 'Bearer sk_test_multimfa_sandbox' } },
    );
    return ((await listed.json()) as { data: unknown[] }).data.length;
  }

  async function registered(label: string): Promise<string> {
    const emailAddress = email(label);
    const { status } = await new Browser(gatewayUrl).call(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress),
    );
    assert.equal(status, 200);
    return emailAddress;
  }

  beforeAll(async () => {
    await stack.start();
    await stack.startMessaging();
    gatewayUrl = (await stack.gateway()).url;
    inbox = new SandboxClient(stack.sandboxUrl);
    identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
  });

  afterAll(async () => {
    await identityDb?.end();
    await stack.stop();
  });

  it(`a burst of 25 sign-ups from one network creates ${PER_NETWORK} accounts and answers the rest 429 SIGN_UP_THROTTLED; another network still signs up and a user of the first still signs in`, async () => {
    const member = await registered('office-member');
    const office = network();
    const addresses = Array.from({ length: 25 }, (_, i) => email(`burst-${i}`));
    const answers = await Promise.all(
      addresses.map((emailAddress, i) =>
        new Browser(gatewayUrl, `${office}.${i + 1}`).call<Body>(
          'POST',
          '/api/auth/signup',
          signUpBody(emailAddress),
        ),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [
      ...Array(PER_NETWORK).fill(200),
      ...Array(25 - PER_NETWORK).fill(429),
    ]);
    assert.equal(await accountsFor(addresses), PER_NETWORK);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body).toStrictEqual({
      isError: true,
      message: 'Too many sign-ups. Please try again in 10 minutes',
      data: { code: 'SIGN_UP_THROTTLED', retryAfterSeconds: SIGN_UP_THROTTLE.lockSeconds },
    });

    const elsewhere = await new Browser(gatewayUrl, `${network()}.7`).call(
      'POST',
      '/api/auth/signup',
      signUpBody(email('elsewhere')),
    );
    assert.equal(elsewhere.status, 200, 'another network signs up');
    const signIn = await new Browser(gatewayUrl, `${office}.200`).call('POST', '/api/auth/login', {
      emailAddress: member,
      password: PASSWORD,
    });
    assert.equal(signIn.status, 200, 'a user behind the throttled network still signs in');
  });

  it(`counts sign-ups of one address per network (${SIGN_UP_THROTTLE.perNetworkAndAddress}) and from every network (${SIGN_UP_THROTTLE.perAddress})`, async () => {
    const target = await registered('targeted');
    const attacker = network();
    const fromAttacker = [];
    for (let i = 1; i <= SIGN_UP_THROTTLE.perNetworkAndAddress + 1; i += 1) {
      fromAttacker.push(
        (
          await new Browser(gatewayUrl, `${attacker}.${i}`).call(
            'POST',
            '/api/auth/signup',
            signUpBody(target),
          )
        ).status,
      );
    }
    assert.deepEqual(fromAttacker, [...Array(SIGN_UP_THROTTLE.perNetworkAndAddress).fill(200), 429]);

    const spread = [];
    for (let i = 0; i < SIGN_UP_THROTTLE.perAddress; i += 1) {
      spread.push(
        (await new Browser(gatewayUrl, `${network()}.1`).call('POST', '/api/auth/signup', signUpBody(target)))
          .status,
      );
    }
    // The address's count so far: its registration and the attacker's 4 (the refused one counts too).
    const allowedElsewhere = SIGN_UP_THROTTLE.perAddress - (1 + SIGN_UP_THROTTLE.perNetworkAndAddress + 1);
    assert.deepEqual(spread, [
      ...Array(allowedElsewhere).fill(200),
      ...Array(SIGN_UP_THROTTLE.perAddress - allowedElsewhere).fill(429),
    ]);
  });

  it('repeated sign-ups of a registered address e-mail its owner once a day, whatever the answers say', async () => {
    const owned = await registered('owned');
    const answers = [];
    // Within every throttle: 2 networks, 3 sign-ups each; all answered as new accounts.
    for (let n = 0; n < 2; n += 1) {
      const attacker = network();
      for (let i = 1; i <= SIGN_UP_THROTTLE.perNetworkAndAddress; i += 1) {
        answers.push(
          await new Browser(gatewayUrl, `${attacker}.${i}`).call<Body>(
            'POST',
            '/api/auth/signup',
            signUpBody(owned),
          ),
        );
      }
    }
    assert.deepEqual(
      answers.map((answer) => [answer.status, answer.body.message]),
      Array(6).fill([200, 'Your account was created']),
    );
    assert.equal(await settledAccountExistsEmails(owned, 1), 1, 'one e-mail for six sign-ups');

    // A day later (the notice's time moved back a day), the next sign-up tells the owner again.
    await identityDb.query(
      "UPDATE app_user SET account_exists_notice_at = account_exists_notice_at - interval '1 day' WHERE email_address = $1",
      [owned],
    );
    const nextDay = await new Browser(gatewayUrl).call('POST', '/api/auth/signup', signUpBody(owned));
    assert.equal(nextDay.status, 200);
    assert.equal(await settledAccountExistsEmails(owned, 2), 2);
  });

  it('a sign-up, new or of a registered address, makes no Stripe customer; five concurrent first create-intents make exactly one', async () => {
    const payer = await verifiedCustomer(stack, gatewayUrl, 'payer');
    const pending = new Browser(gatewayUrl);
    const again = await pending.call<Body>('POST', '/api/auth/signup', signUpBody(payer.emailAddress));
    assert.equal(again.status, 200);
    assert.equal(again.body.data?.stripeCustomerId, '');
    assert.equal(await stripeCustomers(payer.emailAddress), 0, 'no Stripe customer for either sign-up');
    assert.equal(await sessionStripeCustomerId(payer.browser), '');

    const intents = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        payer.browser.call<Body>('POST', '/api/auth/create-intent', {
          MFAType: 'MultiMFA',
          planId: 1,
          name: `Team ${i}`,
          countryId: 1,
        }),
      ),
    );
    assert.deepEqual(
      intents.map((intent) => intent.status),
      [200, 200, 200, 200, 200],
    );
    assert.equal(await stripeCustomers(payer.emailAddress), 1, 'one Stripe customer for five first intents');
    assert.match(await sessionStripeCustomerId(payer.browser), /^cus_/);
  });

  it("pays when billing has not recorded the user yet (its sign-up event not applied): the gateway records them from identity's details, then the checkout makes their customer", async () => {
    const late = await verifiedCustomer(stack, gatewayUrl, 'late-billing');
    const billingDb = new pg.Client({ connectionString: stack.databases[1] });
    await billingDb.connect();
    try {
      const recorded = async () =>
        (await billingDb.query('SELECT 1 FROM stripe_customer WHERE user_id = $1', [late.userId])).rowCount;
      for (let waited = 0; waited < 100 && !(await recorded()); waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(await recorded(), 1, 'billing applied the sign-up');
      await billingDb.query('DELETE FROM stripe_customer WHERE user_id = $1', [late.userId]);

      const intent = await late.browser.call<Body>('POST', '/api/auth/create-intent', {
        MFAType: 'MultiMFA',
        planId: 1,
        name: 'Late team',
        countryId: 1,
      });
      assert.equal(intent.status, 200, JSON.stringify(intent.body));
      assert.equal(await stripeCustomers(late.emailAddress), 1, 'made with the address identity holds');
      assert.equal(await recorded(), 1);
    } finally {
      await billingDb.end();
    }
  });

  it('the first card of a customer without a Stripe customer makes one, also when two are saved at once', async () => {
    const saver = await verifiedCustomer(stack, gatewayUrl, 'card-saver');
    const cards = await Promise.all(
      ['pm_card_visa', 'pm_card_mastercard'].map((token) =>
        saver.browser.call<Body>('POST', '/api/credit-card', { token, stripeCustomerId: '' }),
      ),
    );
    assert.deepEqual(
      cards.map((card) => card.status),
      [200, 200],
    );
    assert.equal(await stripeCustomers(saver.emailAddress), 1);
    const stripeCustomerId = await sessionStripeCustomerId(saver.browser);
    const listed = await saver.browser.call<{ data: unknown[] }>(
      'GET',
      `/api/credit-card/${stripeCustomerId}`,
    );
    assert.equal(listed.body.data.length, 2);
  });

  it('a pending sign-up (a registered address) cannot save a card: 403 EMAIL_NOT_VERIFIED, as an unverified new account', async () => {
    const owned = await registered('card-owner');
    const pending = new Browser(gatewayUrl);
    assert.equal((await pending.call('POST', '/api/auth/signup', signUpBody(owned))).status, 200);
    const fresh = new Browser(gatewayUrl);
    assert.equal((await fresh.call('POST', '/api/auth/signup', signUpBody(email('card-fresh')))).status, 200);
    const [fromPending, fromFresh] = await Promise.all(
      [pending, fresh].map((browser) =>
        browser.call<Body>('POST', '/api/credit-card', { token: 'pm_card_visa', stripeCustomerId: '' }),
      ),
    );
    assert.equal(fromPending?.status, 403);
    expect(fromPending?.body).toStrictEqual(fromFresh?.body);
    assert.equal(await stripeCustomers(owned), 0);
  });
});

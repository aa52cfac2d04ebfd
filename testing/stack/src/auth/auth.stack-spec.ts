import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { endpoints } from '@multimfa/api-contract';
import pg from 'pg';
import { type Body, email, PASSWORD, signUpBody } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

describe('accounts through the gateway (real identity, billing, Redis, Kafka; Stripe in the sandbox)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;

  /** The code identity asked messaging to e-mail (read from the notification topic, opened as messaging does). */
  async function latestCode(emailAddress: string, kind: string): Promise<string> {
    const code = (await stack.codes((n) => n.emailAddress === emailAddress && n.kind === kind)).at(-1);
    assert.ok(code, `no ${kind} for ${emailAddress}`);
    return code;
  }

  async function signedUp(name: string): Promise<{ browser: Browser; emailAddress: string }> {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email(name);
    const { status } = await browser.call('POST', '/api/auth/signup', signUpBody(emailAddress));
    assert.equal(status, 200);
    return { browser, emailAddress };
  }

  beforeAll(async () => {
    await stack.start();
    gatewayUrl = (await stack.gateway()).url;
  });

  afterAll(async () => {
    await stack.stop();
  });

  it('signs a new customer up and in, with a Stripe customer, unverified until the e-mailed code', async () => {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email('new');
    const signUp = await browser.call<Body>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress.toUpperCase()),
    );
    assert.equal(signUp.status, 200);
    assert.equal(signUp.body.data?.emailAddress, emailAddress);
    assert.equal(signUp.body.data?.isVerified, false);
    assert.equal(signUp.body.data?.stripeCustomerId, '', 'no Stripe customer for a sign-up');
    assert.ok(browser.hasSession());

    const wrong = await browser.call<Body>('POST', '/api/auth/verifyemailtoken', {
      emailAddress,
      token: '000000',
    });
    const code = await latestCode(emailAddress, 'EMAIL_VERIFICATION_CODE');
    if (code !== '000000') {
      assert.equal(wrong.status, 400);
      assert.match(wrong.body.message, /not correct, or it has expired/);
    }
    const right = await browser.call<Body>('POST', '/api/auth/verifyemailtoken', {
      emailAddress,
      token: code,
    });
    assert.equal(right.status, 200, right.body.message);
    const session = await browser.call<Body>('GET', '/api/auth/session');
    assert.equal(session.body.data?.isVerified, true);
    assert.equal(session.body.data?.userType, 'CUSTOMER');
    assert.equal(session.body.data?.stripeCustomerId, signUp.body.data?.stripeCustomerId);
  });

  it('makes no second account for the same address (the answer does not say so), and refuses any sign-up that is not a plain customer', async () => {
    const { browser: first, emailAddress } = await signedUp('twice');
    const firstId = (await first.call<Body>('GET', '/api/auth/session')).body.data?.userId;
    const again = await new Browser(gatewayUrl).call<Body>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress, { password: 'another password' }),
    );
    assert.equal(again.status, 200);
    assert.notEqual(again.body.data?.userId, firstId);
    const second = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress,
      password: 'another password',
    });
    assert.equal(second.status, 401, 'the second sign-up made no account');

    const admin = await new Browser(gatewayUrl).call<Body>(
      'POST',
      '/api/auth/signup',
      signUpBody(email('a'), { userType: 'ADMIN' }),
    );
    assert.equal(admin.status, 400);
    const google = await new Browser(gatewayUrl).call<Body>(
      'POST',
      '/api/auth/signup',
      signUpBody(email('g'), { provider: 'GOOGLE', password: undefined }),
    );
    assert.equal(google.status, 403, 'a GOOGLE sign-up needs the Google identity this browser proved');
    assert.equal(google.body.data?.code, 'GOOGLE_IDENTITY_REQUIRED');
    const sso = await new Browser(gatewayUrl).call<Body>('POST', '/api/auth/loginSSO', { emailAddress });
    assert.equal(sso.status, 403, 'an e-mail alone never signs anyone in');
    assert.equal(sso.body.data?.code, 'GOOGLE_IDENTITY_REQUIRED');
  });

  it('throttles password guessing per account, and only that account', async () => {
    const { emailAddress } = await signedUp('guessed');
    const attacker = new Browser(gatewayUrl);
    for (let i = 0; i < 5; i += 1) {
      const guess = await attacker.call<Body>('POST', '/api/auth/login', {
        emailAddress,
        password: `wrong-${i}`,
      });
      assert.equal(guess.status, 401);
      assert.equal(guess.body.message, 'Invalid email address or password');
    }
    // From the guesser's network (/24); other networks are limited per account more loosely.
    const locked = await new Browser(gatewayUrl, attacker.ip).call<Body>('POST', '/api/auth/login', {
      emailAddress,
      password: PASSWORD,
    });
    assert.equal(locked.status, 429);
    assert.match(locked.body.message, /Too many failed sign-in attempts. Please try again in 1 minute/);
    const { emailAddress: other } = await signedUp('other');
    const fine = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress: other,
      password: PASSWORD,
    });
    assert.equal(fine.status, 200);
  });

  it('keeps sessions across a gateway restart (they live in Redis)', async () => {
    const first = await stack.gateway();
    const { emailAddress } = await signedUp('durable');
    const browser = new Browser(first.url);
    assert.equal(
      (await browser.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD })).status,
      200,
    );
    await first.app.close();
    browser.baseUrl = (await stack.gateway()).url;
    const session = await browser.call<Body>('GET', '/api/auth/session');
    assert.equal(session.status, 200);
    assert.equal(session.body.data?.emailAddress, emailAddress);
  });

  it('ends every session of the user when the password changes, and refuses the old password', async () => {
    const { browser: laptop, emailAddress } = await signedUp('rotating');
    const phone = new Browser(gatewayUrl);
    assert.equal(
      (await phone.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD })).status,
      200,
    );
    const changed = await laptop.call<Body>('POST', '/api/auth/changepassword', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    assert.equal(changed.status, 200, changed.body.message);
    assert.equal((await phone.call('GET', '/api/auth/session')).status, 401);
    assert.equal((await laptop.call('GET', '/api/auth/session')).status, 401);
    const old = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress,
      password: PASSWORD,
    });
    assert.equal(old.status, 401);
    const fresh = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress,
      password: 'a brand new passphrase',
    });
    assert.equal(fresh.status, 200);
  });

  it('resets a forgotten password only for the browser that verified the code', async () => {
    const { emailAddress } = await signedUp('forgetful');
    const unknown = await new Browser(gatewayUrl).call<Body>('POST', '/api/auth/verifyemail', {
      emailAddress: email('nobody'),
    });
    const known = await new Browser(gatewayUrl).call<Body>('POST', '/api/auth/verifyemail', { emailAddress });
    assert.equal(unknown.status, known.status);
    assert.equal(unknown.body.message, known.body.message, 'the answer tells nothing about the address');

    const intruder = new Browser(gatewayUrl);
    const refused = await intruder.call<Body>('POST', '/api/auth/changePasswordFP', {
      emailAddress,
      newPassword: 'intruder password',
    });
    assert.equal(refused.status, 403);

    const owner = new Browser(gatewayUrl);
    await owner.call('POST', '/api/auth/verifyemail', { emailAddress });
    const code = await latestCode(emailAddress, 'PASSWORD_RESET_CODE');
    assert.equal(
      (await owner.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token: code })).status,
      200,
    );
    assert.equal(
      (
        await intruder.call('POST', '/api/auth/changePasswordFP', {
          emailAddress,
          newPassword: 'intruder password',
        })
      ).status,
      403,
    );
    const reset = await owner.call<Body>('POST', '/api/auth/changePasswordFP', {
      emailAddress,
      newPassword: 'the new one!',
    });
    assert.equal(reset.status, 200, reset.body.message);
    const reused = await owner.call('POST', '/api/auth/changePasswordFP', {
      emailAddress,
      newPassword: 'once more!!',
    });
    assert.equal(reused.status, 403, 'the grant is single use');
    assert.equal(
      (
        await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
          emailAddress,
          password: 'the new one!',
        })
      ).status,
      200,
    );
  });

  it('updates only the signed-in user\u2019s own profile', async () => {
    const { browser, emailAddress } = await signedUp('profile');
    const me = await browser.call<Body>('GET', '/api/auth/session');
    const someoneElse = await browser.call<Body>('PUT', '/api/auth/user', {
      id: '00000000-0000-4000-8000-000000000000',
      firstName: 'Eve',
      lastName: 'Mallory',
      mobileNo: '+12125550100',
    });
    assert.equal(someoneElse.status, 404);
    const updated = await browser.call<Body>('PUT', '/api/auth/user', {
      id: me.body.data?.userId,
      firstName: '  Ada ',
      lastName: 'Lovelace',
      mobileNo: '+442071234567',
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.data?.fullName, 'Ada Lovelace');
    const session = await browser.call<Body>('GET', '/api/auth/session');
    assert.equal(session.body.data?.name, 'Ada Lovelace');
    assert.equal(session.body.data?.emailAddress, emailAddress);
    assert.equal((await new Browser(gatewayUrl).call('PUT', '/api/auth/user', {})).status, 401);
  });

  it('signs out on the server', async () => {
    const { browser } = await signedUp('leaving');
    assert.equal((await browser.call('POST', '/api/auth/logout')).status, 200);
    assert.equal((await browser.call('GET', '/api/auth/session')).status, 401);
  });

  it('reads the session 20 times for a user billing has no customer for, and creates no Stripe customer', async () => {
    const { browser, emailAddress } = await signedUp('reader');
    const userId = (await browser.call<Body>('GET', '/api/auth/session')).body.data?.userId;
    const identityDb = new pg.Client({ connectionString: stack.databases[0] });
    const billingDb = new pg.Client({ connectionString: stack.databases[1] });
    await identityDb.connect();
    await billingDb.connect();
    const stripeCustomers = async () => {
      const listed = await fetch(
        `${stack.sandboxUrl}/v1/customers?limit=100&email=${encodeURIComponent(emailAddress)}`,
        {
          headers: { authorization: 'Bearer sk_test_multimfa_sandbox' },
        },
      );
      return ((await listed.json()) as { data: unknown[] }).data.length;
    };
    try {
      // Billing's consumer of the registered event has run (it records the user, makes no customer).
      const [registered] = (
        await identityDb.query(
          `SELECT event_id FROM outbox_event WHERE message_key = $1 AND envelope->>'type' = 'identity.user.registered'`,
          [userId],
        )
      ).rows;
      assert.ok(registered, 'identity recorded the registered event');
      for (let i = 0; ; i += 1) {
        const { rowCount } = await billingDb.query('SELECT 1 FROM processed_event WHERE event_id = $1', [
          registered.event_id,
        ]);
        if (rowCount) break;
        assert.ok(i < 200, 'billing handled the registered event');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(await stripeCustomers(), 0, 'a sign-up makes no Stripe customer');
      await billingDb.query('DELETE FROM stripe_customer WHERE user_id = $1', [userId]);

      for (let i = 0; i < 20; i += 1) {
        const read = await browser.call<Body>('GET', '/api/auth/session');
        assert.equal(read.status, 200);
        assert.equal(read.body.data?.stripeCustomerId, '');
      }
      assert.equal(await stripeCustomers(), 0, 'no Stripe customer created by a read');
      const { rowCount } = await billingDb.query('SELECT 1 FROM stripe_customer WHERE user_id = $1', [
        userId,
      ]);
      assert.equal(rowCount, 0, 'no billing customer recorded by a read');
    } finally {
      await identityDb.end();
      await billingDb.end();
    }
  });

  it('answered every successful call above in its endpoint\u2019s documented response schema', () => {
    const checked = assertAnswersMatchContract();
    const auth = endpoints.filter(
      (candidate) => candidate.tag === 'auth' && !/SSO/.test(candidate.operationId),
    );
    assert.deepEqual(
      auth.map((candidate) => candidate.operationId).filter((id) => !checked.has(id)),
      [],
      'every account endpoint but the Google ones (auth-attacks checks those) answered here',
    );
  });
});

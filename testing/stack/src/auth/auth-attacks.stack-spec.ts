import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testInfrastructure } from '@multimfa/service-runtime/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type Body, email, PASSWORD, signUpBody } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

const network = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** The session id inside a signed `mmfa.sid` cookie value. */
const sessionId = (cookie: string | undefined) =>
  decodeURIComponent(cookie ?? '')
    .replace(/^s:/, '')
    .replace(/\.[^.]*$/, '');

describe('accounts under attack, through the gateway (real identity, billing, Redis, Kafka)', () => {
  const stack = new ServiceStack();
  const redis = new Redis(testInfrastructure.redisUrl, { lazyConnect: true });
  let gatewayUrl: string;
  let identityDb: pg.Client;
  /** Calls that reached identity's password check. */
  let authentications = 0;

  async function signedUp(name: string, ip?: string) {
    const browser = new Browser(gatewayUrl, ip);
    const emailAddress = email(name);
    const { status } = await browser.call('POST', '/api/auth/signup', signUpBody(emailAddress));
    assert.equal(status, 200);
    return { browser, emailAddress };
  }

  /** The newest code e-mailed (other than `previous`): reset codes are sent after the answer. */
  async function latestCode(emailAddress: string, kind: string, previous?: string): Promise<string> {
    for (let waited = 0; waited < 50; waited += 1) {
      const code = (await stack.codes((n) => n.emailAddress === emailAddress && n.kind === kind)).at(-1);
      if (code && code !== previous) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`no ${kind} for ${emailAddress}`);
  }

  /** A person signs in with Google in the sandbox's account chooser, in this browser. */
  async function googleSignIn(browser: Browser, emailAddress: string, returnTo = '/login'): Promise<void> {
    const start = await browser.call('GET', `/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
    assert.equal(start.status, 302);
    const chooser = await fetch(start.headers.get('location') ?? '');
    const request = /name="request" value="([^"]+)"/.exec(await chooser.text())?.[1];
    assert.ok(request, 'the sandbox showed its account chooser');
    const decision = await fetch(`${stack.sandboxUrl}/o/oauth2/v2/auth/decision`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        request,
        email: emailAddress,
        name: 'Ada Owner',
        email_verified: 'true',
        custom: '1',
      }),
    });
    const callback = new URL(decision.headers.get('location') ?? '');
    const back = await browser.call('GET', `${callback.pathname}${callback.search}`);
    assert.match(back.headers.get('location') ?? '', /sso=google/);
    assert.equal(new URL(back.headers.get('location') ?? '').pathname, returnTo);
  }

  beforeAll(async () => {
    await stack.start();
    gatewayUrl = (
      await stack.gateway({
        GOOGLE_AUTHORIZATION_URL: `${stack.sandboxUrl}/o/oauth2/v2/auth`,
        GOOGLE_TOKEN_URL: `${stack.sandboxUrl}/token`,
        GOOGLE_USERINFO_URL: `${stack.sandboxUrl}/oauth2/v3/userinfo`,
      })
    ).url;
    stack.apps[0]?.getHttpServer().on('request', (request: IncomingMessage) => {
      if (request.url === '/users/authenticate') authentications += 1;
    });
    identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
    await redis.connect();
  });

  afterAll(async () => {
    await identityDb?.end();
    redis.disconnect();
    await stack.stop();
  });

  // ---- 1. Google pre-hijacking ------------------------------------------------------------------

  it('a Google sign-in takes an unverified account from whoever registered it: their password and sessions end', async () => {
    const { browser: squatter, emailAddress } = await signedUp('squatted');
    const owner = new Browser(gatewayUrl);
    await googleSignIn(owner, emailAddress);
    const status = await owner.call<Body>('POST', '/api/auth/checkSSOStatus', { emailAddress });
    assert.equal(status.body.data?.registered, true);
    const signedIn = await owner.call<Body>('POST', '/api/auth/loginSSO', { emailAddress });
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.data?.isVerified, true);

    assert.equal((await squatter.call('GET', '/api/auth/session')).status, 401, 'the squatter is signed out');
    const password = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress,
      password: PASSWORD,
    });
    assert.equal(password.status, 401, 'the squatter\u2019s password no longer signs in');
    assert.equal((await owner.call('GET', '/api/auth/session')).status, 200);
  });

  // ---- 3. the sign-in throttle without races ---------------------------------------------------

  it('lets at most 5 of 50 concurrent wrong passwords reach identity', async () => {
    const { emailAddress } = await signedUp('raced');
    const attacker = network();
    const before = authentications;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        new Browser(gatewayUrl, `${attacker}.${i + 1}`).call('POST', '/api/auth/login', {
          emailAddress,
          password: `wrong-${i}`,
        }),
      ),
    );
    assert.ok(authentications - before <= 5, `${authentications - before} guesses reached identity`);
    assert.equal(answers.filter((answer) => answer.status === 429).length >= 45, true);
  });

  // ---- 4. no cheap lock-out ---------------------------------------------------------------------

  it('guesses from one network do not lock the owner out from another', async () => {
    const { emailAddress } = await signedUp('targeted');
    const attacker = new Browser(gatewayUrl);
    for (let i = 0; i < 8; i += 1) {
      await attacker.call('POST', '/api/auth/login', { emailAddress, password: `wrong-${i}` });
    }
    const owner = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress,
      password: PASSWORD,
    });
    assert.equal(owner.status, 200);
  });

  it('a right password clears its network’s guesses and gives back its own count: 4 wrong, 1 right, 4 wrong, then 25 right sign-ins from new browsers on one network are never answered 429', async () => {
    const ip = `${network()}.7`;
    const { emailAddress } = await signedUp('returning', ip);
    const attempt = (password: string) =>
      new Browser(gatewayUrl, ip).call('POST', '/api/auth/login', { emailAddress, password });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt(`wrong-${i}`)).status);
    statuses.push((await attempt(PASSWORD)).status);
    for (let i = 4; i < 8; i += 1) statuses.push((await attempt(`wrong-${i}`)).status);
    for (let i = 0; i < 25; i += 1) statuses.push((await attempt(PASSWORD)).status);
    // Without the clear, the second four wrong ones pass the pair's 5; without the give-back, the
    // account-wide 20 is passed by the right ones.
    expect(statuses).toStrictEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, ...Array(25).fill(200)]);
  });

  it('guesses spread over many networks slow the account down, except for a browser that signed in before', async () => {
    const { emailAddress } = await signedUp('spread');
    const laptop = new Browser(gatewayUrl);
    assert.equal(
      (await laptop.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD })).status,
      200,
    );
    await laptop.call('POST', '/api/auth/logout');
    for (let i = 0; i < 24; i += 1) {
      await new Browser(gatewayUrl).call('POST', '/api/auth/login', { emailAddress, password: `wrong-${i}` });
    }
    const stranger = await new Browser(gatewayUrl).call<Body>('POST', '/api/auth/login', {
      emailAddress,
      password: PASSWORD,
    });
    assert.equal(stranger.status, 429, 'the account-wide slowdown holds for unknown browsers');
    const known = await laptop.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD });
    assert.equal(known.status, 200, 'the device cookie lets the owner\u2019s browser through');
  });

  it('resends the live reset code to the owner instead of spending the hourly allowance on new ones', async () => {
    const { emailAddress } = await signedUp('flooded');
    for (let i = 0; i < 8; i += 1) {
      const flood = await new Browser(gatewayUrl).call('POST', '/api/auth/verifyemail', { emailAddress });
      assert.equal(flood.status, 200);
    }
    const owner = new Browser(gatewayUrl);
    await owner.call('POST', '/api/auth/verifyemail', { emailAddress });
    const code = await latestCode(emailAddress, 'PASSWORD_RESET_CODE');
    const { rows } = await identityDb.query(
      `SELECT count(*)::int AS n FROM one_time_code c JOIN app_user u USING (user_id)
        WHERE u.email_address = $1 AND c.purpose = 'RESET_PASSWORD'`,
      [emailAddress],
    );
    assert.equal(rows[0].n, 1, 'one code minted; the allowance of new codes is untouched');
    const checked = await owner.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token: code });
    assert.equal(checked.status, 200);
  });

  it('caps the code e-mails one client network may ask for', async () => {
    const requester = network();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const browser = new Browser(gatewayUrl, `${requester}.${i + 1}`);
      statuses.push(
        (await browser.call('POST', '/api/auth/verifyemail', { emailAddress: email('x') })).status,
      );
    }
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(200));
    assert.equal(statuses[20], 429);
  });

  // ---- 5. codes tell nothing and allow 5 wrong tries in total ------------------------------------

  it('answers a code for an unknown address exactly as a wrong code for a registered one', async () => {
    const { emailAddress } = await signedUp('probed');
    await new Browser(gatewayUrl).call('POST', '/api/auth/verifyemail', { emailAddress });
    const code = await latestCode(emailAddress, 'PASSWORD_RESET_CODE');
    const wrong = code === '123456' ? '654321' : '123456';
    const registered = await new Browser(gatewayUrl).call('POST', '/api/auth/verifyemailtoken', {
      emailAddress,
      token: wrong,
    });
    const unknown = await new Browser(gatewayUrl).call('POST', '/api/auth/verifyemailtoken', {
      emailAddress: email('nobody'),
      token: wrong,
    });
    assert.equal(registered.status, 400);
    assert.deepEqual([unknown.status, unknown.body], [registered.status, registered.body]);
  });

  it('limits wrong codes spread across several live codes to 5 in total', async () => {
    const { browser, emailAddress } = await signedUp('guessing');
    const first = await latestCode(emailAddress, 'EMAIL_VERIFICATION_CODE');
    const wrong = first === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i += 1) {
      await browser.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token: wrong });
    }
    await identityDb.query(
      `UPDATE one_time_code SET expires_at = now() + interval '90 seconds'
        WHERE user_id = (SELECT user_id FROM app_user WHERE email_address = $1)`,
      [emailAddress],
    );
    await browser.call('POST', '/api/auth/verifyemail', { emailAddress });
    const second = await latestCode(emailAddress, 'EMAIL_VERIFICATION_CODE');
    assert.notEqual(second, first, 'a second live code');
    await browser.call('POST', '/api/auth/verifyemailtoken', {
      emailAddress,
      token: wrong === second ? '000002' : wrong,
    });
    for (const token of [first, second]) {
      const right = await browser.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token });
      assert.equal(right.status, 400, 'the fifth wrong try spent every live code');
    }
  });

  it('answers 429 to wrong codes for many addresses from one network once it has tried 20, while another network is still answered', async () => {
    const guesser = network();
    const answers = [];
    for (let i = 0; i < 40; i += 1) {
      const browser = new Browser(gatewayUrl, `${guesser}.${(i % 8) + 1}`);
      answers.push(
        await browser.call('POST', '/api/auth/verifyemailtoken', {
          emailAddress: email(`guessed${i % 8}`),
          token: String(100000 + i),
        }),
      );
    }
    assert.deepEqual(
      answers.map((answer) => answer.status),
      [...Array(20).fill(400), ...Array(20).fill(429)],
    );
    expect(answers[20]?.body).toStrictEqual({
      isError: true,
      message: 'Too many wrong codes were tried from your network. Please try again in 15 minutes',
      data: { code: 'TOO_MANY_CODE_CHECKS', retryAfterSeconds: 900 },
    });
    const elsewhere = await new Browser(gatewayUrl, `${network()}.1`).call(
      'POST',
      '/api/auth/verifyemailtoken',
      {
        emailAddress: email('guessed0'),
        token: '100000',
      },
    );
    assert.equal(elsewhere.status, 400);
  });

  it('a sign-up with a registered address answers exactly as a new one, e-mails the owner, and touches nothing of theirs', async () => {
    const owner = new Browser(gatewayUrl);
    const emailAddress = email('owned');
    const ownerSignUp = await owner.call<Body>('POST', '/api/auth/signup', signUpBody(emailAddress));
    assert.equal(ownerSignUp.status, 200);
    const ownerId = ownerSignUp.body.data?.userId;

    const attempt = {
      ...signUpBody(emailAddress),
      password: 'the attacker\u2019s own',
      firstName: 'Mallory',
    };
    const fresh = new Browser(gatewayUrl);
    const freshAnswer = await fresh.call<Body>('POST', '/api/auth/signup', {
      ...attempt,
      emailAddress: email('fresh'),
    });
    const attacker = new Browser(gatewayUrl);
    const answer = await attacker.call<Body>('POST', '/api/auth/signup', attempt);

    // The answer: status, message, fields and a signed-in session as for the fresh address.
    assert.equal(answer.status, freshAnswer.status);
    assert.equal(answer.body.message, freshAnswer.body.message);
    assert.deepEqual(
      Object.keys(answer.body.data ?? {}).sort(),
      Object.keys(freshAnswer.body.data ?? {}).sort(),
    );
    assert.equal(answer.body.data?.emailAddress, emailAddress);
    assert.equal(answer.body.data?.isVerified, false);
    assert.equal(answer.body.data?.fullName, 'Mallory Hopper');
    assert.match(String(answer.body.data?.userId), /^[0-9a-f-]{36}$/);
    assert.notEqual(answer.body.data?.userId, ownerId, 'not the owner\u2019s account');
    assert.equal(answer.body.data?.stripeCustomerId, freshAnswer.body.data?.stripeCustomerId);
    assert.ok(attacker.hasSession() && fresh.hasSession());

    // What the attacker's session shows and does next, as for the fresh account.
    const session = await attacker.call<Body>('GET', '/api/auth/session');
    const freshSession = await fresh.call<Body>('GET', '/api/auth/session');
    assert.equal(session.status, 200);
    assert.deepEqual(
      Object.keys(session.body.data ?? {}).sort(),
      Object.keys(freshSession.body.data ?? {}).sort(),
    );
    assert.equal(session.body.data?.userId, answer.body.data?.userId);
    assert.equal(session.body.data?.isVerified, false);
    assert.equal(session.body.data?.stripeCustomerId, answer.body.data?.stripeCustomerId);
    const resend = await attacker.call<Body>('POST', '/api/auth/verifyemail', { emailAddress });
    const freshResend = await fresh.call<Body>('POST', '/api/auth/verifyemail', {
      emailAddress: freshAnswer.body.data?.emailAddress,
    });
    assert.equal(resend.status, freshResend.status);
    assert.equal(
      resend.body.message.replace(emailAddress, '*'),
      freshResend.body.message.replace(String(freshAnswer.body.data?.emailAddress), '*'),
    );
    const guess = await attacker.call<Body>('POST', '/api/auth/verifyemailtoken', {
      emailAddress,
      token: '000000',
    });
    assert.equal(guess.status, 400);
    assert.match(guess.body.message, /not correct, or it has expired/);

    // The owner: same session, same password; the attacker's password signs nobody in.
    const ownerSession = await owner.call<Body>('GET', '/api/auth/session');
    assert.equal(ownerSession.status, 200);
    assert.equal(ownerSession.body.data?.userId, ownerId);
    assert.equal(ownerSession.body.data?.firstName, 'Grace');
    const ownerLogin = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress,
      password: PASSWORD,
    });
    assert.equal(ownerLogin.status, 200);
    const attackerLogin = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress,
      password: attempt.password,
    });
    assert.equal(attackerLogin.status, 401);

    // The owner is told, once, with no code; nothing is sent to verify the attacker's account.
    const sent = await stack.notifications((n) => n.emailAddress === emailAddress);
    assert.deepEqual(
      sent.map((n) => [n.kind, n.userId, n.firstName, n.sealedCode]),
      [
        ['EMAIL_VERIFICATION_CODE', ownerId, 'Grace', sent[0]?.sealedCode],
        ['ACCOUNT_EXISTS', ownerId, 'Grace', null],
      ],
    );
  });

  // ---- 7. changing the password needs the current one ---------------------------------------------

  it('refuses a password change without the right current password', async () => {
    const { browser, emailAddress } = await signedUp('hijacked');
    const missing = await browser.call<Body>('POST', '/api/auth/changepassword', {
      newPassword: 'attacker pass',
    });
    const wrong = await browser.call<Body>('POST', '/api/auth/changepassword', {
      currentPassword: 'a guess at it',
      newPassword: 'attacker pass',
    });
    assert.equal(missing.status, 400);
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, 'Your current password is not correct');
    const still = await new Browser(gatewayUrl).call('POST', '/api/auth/login', {
      emailAddress,
      password: PASSWORD,
    });
    assert.equal(still.status, 200);
  });

  it('a Google-only account changes its password only with a Google sign-in of the last 10 minutes; without one a 403 keeps it signed in', async () => {
    const emailAddress = email('googleonly');
    const browser = new Browser(gatewayUrl);
    await googleSignIn(browser, emailAddress);
    const signUp = await browser.call<Body>('POST', '/api/auth/signup', {
      ...signUpBody(emailAddress),
      provider: 'GOOGLE',
      password: undefined,
    });
    assert.equal(signUp.status, 200);
    assert.equal((await browser.call<Body>('GET', '/api/auth/session')).body.data?.hasPassword, false);
    // The Google proof of the sign-up, 11 minutes old.
    const key = `session:${sessionId(browser.cookie('mmfa.sid'))}`;
    const stored = JSON.parse((await redis.get(key)) ?? '{}');
    stored.google.verifiedAt = Date.now() - 11 * 60_000;
    await redis.set(key, JSON.stringify(stored), 'KEEPTTL');

    const stale = await browser.call<Body>('POST', '/api/auth/changepassword', {
      newPassword: 'chosen later 1',
    });
    assert.equal(stale.status, 403);
    assert.equal(stale.body.data?.code, 'GOOGLE_IDENTITY_REQUIRED');
    const guessed = await browser.call<Body>('POST', '/api/auth/changepassword', {
      currentPassword: 'anything at all',
      newPassword: 'chosen later 1',
    });
    assert.equal(guessed.status, 403, 'a typed password proves nothing for an account without one');
    assert.equal((await browser.call('GET', '/api/auth/session')).status, 200, 'still signed in');

    await googleSignIn(browser, emailAddress, '/change-password');
    const changed = await browser.call<Body>('POST', '/api/auth/changepassword', {
      newPassword: 'chosen later 1',
    });
    assert.equal(changed.status, 200, changed.body.message);
    const login = await new Browser(gatewayUrl).call<Body>('POST', '/api/auth/login', {
      emailAddress,
      password: 'chosen later 1',
    });
    assert.equal(login.status, 200);
    assert.equal(login.body.data?.hasPassword, true);
  });

  it('a password change spends every live reset code and reset grant', async () => {
    const { browser: owner, emailAddress } = await signedUp('rotated');
    const thief = new Browser(gatewayUrl);
    await thief.call('POST', '/api/auth/verifyemail', { emailAddress });
    const code = await latestCode(emailAddress, 'PASSWORD_RESET_CODE');
    assert.equal(
      (await thief.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token: code })).status,
      200,
    );
    const other = new Browser(gatewayUrl);
    await other.call('POST', '/api/auth/verifyemail', { emailAddress });
    const live = await latestCode(emailAddress, 'PASSWORD_RESET_CODE', code);

    const changed = await owner.call('POST', '/api/auth/changepassword', {
      currentPassword: PASSWORD,
      newPassword: 'the owner\u2019s new one',
    });
    assert.equal(changed.status, 200);
    const grant = await thief.call('POST', '/api/auth/changePasswordFP', {
      emailAddress,
      newPassword: 'thief pass!',
    });
    assert.equal(grant.status, 403, 'the reset grant ended with the change');
    const spent = await other.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token: live });
    assert.equal(spent.status, 400, 'the live reset code was spent with the change');
  });

  // ---- 8. sessions ------------------------------------------------------------------------------

  it('gives the browser a new session id at sign-in and when it stores a reset grant', async () => {
    const { emailAddress } = await signedUp('fixated');
    const browser = new Browser(gatewayUrl);
    await browser.call('POST', '/api/auth/verifyemail', { emailAddress });
    const code = await latestCode(emailAddress, 'PASSWORD_RESET_CODE');
    assert.equal(
      (await browser.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token: code })).status,
      200,
    );
    const withGrant = browser.cookie('mmfa.sid');
    assert.ok(withGrant);
    assert.equal(
      (await browser.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD })).status,
      200,
    );
    const signedIn = browser.cookie('mmfa.sid');
    assert.notEqual(sessionId(signedIn), sessionId(withGrant));
    const planted = new Browser(gatewayUrl);
    planted.setCookie('mmfa.sid', withGrant);
    assert.equal((await planted.call('GET', '/api/auth/session')).status, 401, 'the old id signs nobody in');

    // A verified, signed-in user asking for a code gets a reset grant, which also renews the id.
    await identityDb.query('UPDATE app_user SET is_verified = true WHERE email_address = $1', [emailAddress]);
    await browser.call('POST', '/api/auth/verifyemail', { emailAddress });
    const again = await latestCode(emailAddress, 'PASSWORD_RESET_CODE', code);
    await browser.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token: again });
    assert.notEqual(sessionId(browser.cookie('mmfa.sid')), sessionId(signedIn));
  });

  it('over https names the cookie __Host- and sets HttpOnly, Secure and SameSite', async () => {
    const secure = (await stack.gateway({ COOKIE_SECURE: 'true' })).url;
    const emailAddress = email('cookie');
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': `${network()}.9` };
    const xsrf = await fetch(`${secure}/api/auth/xsrf`, { headers });
    const token = /XSRF-TOKEN=([^;]+)/.exec(xsrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const signUp = await fetch(`${secure}/api/auth/signup`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${token}`,
        'x-xsrf-token': token,
      },
      body: JSON.stringify(signUpBody(emailAddress)),
    });
    assert.equal(signUp.status, 200);
    const cookie = signUp.headers.getSetCookie().find((value) => value.startsWith('__Host-mmfa.sid='));
    assert.ok(cookie, 'the session cookie carries the __Host- prefix');
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; Secure/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.match(cookie, /; Path=\//);
    assert.doesNotMatch(cookie, /Domain=/i);
  });

  it('ends a session at its absolute lifetime from sign-in, which no write extends, and after 24 idle hours', async () => {
    const ttlSeconds = 7 * 24 * 3600;
    const session = async (browser: Browser) => `session:${sessionId(browser.cookie('mmfa.sid'))}`;
    const rewrite = async (key: string, change: Record<string, number>) => {
      const stored = JSON.parse((await redis.get(key)) ?? '{}');
      await redis.set(key, JSON.stringify({ ...stored, ...change }), 'KEEPTTL');
    };

    const { browser: nearEnd } = await signedUp('aging');
    const key = await session(nearEnd);
    // 30 seconds of lifetime left, and last seen long enough ago that this request writes the session.
    await rewrite(key, {
      startedAt: Date.now() - (ttlSeconds - 30) * 1000,
      lastSeenAt: Date.now() - 3600_000,
    });
    assert.equal((await nearEnd.call('GET', '/api/auth/session')).status, 200);
    assert.ok((await redis.ttl(key)) <= 30, 'writing the session did not extend its lifetime');
    await rewrite(key, { startedAt: Date.now() - ttlSeconds * 1000 - 1000 });
    const ended = await nearEnd.call<Body>('GET', '/api/auth/session');
    assert.equal(ended.status, 401);
    assert.equal(ended.body.data?.expired, true, 'the 401 says the session expired');

    const { browser: idle } = await signedUp('idle');
    await rewrite(await session(idle), { lastSeenAt: Date.now() - 24 * 3600_000 - 1000 });
    assert.equal((await idle.call('GET', '/api/auth/session')).status, 401);
  });

  it('answers a browser whose session was ended elsewhere with the expired 401, and one without a session with the plain 401', async () => {
    const { browser: first, emailAddress } = await signedUp('endedelsewhere');
    const second = new Browser(gatewayUrl);
    await second.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD });
    const changed = await second.call('POST', '/api/auth/changepassword', {
      currentPassword: PASSWORD,
      newPassword: 'changed elsewhere',
    });
    assert.equal(changed.status, 200);
    const ended = await first.call<Body>('GET', '/api/auth/session');
    assert.equal(ended.status, 401);
    expect(ended.body.data).toStrictEqual({ code: 'SESSION_EXPIRED', expired: true });
    const anonymous = await new Browser(gatewayUrl).call<Body>('GET', '/api/auth/session');
    assert.equal(anonymous.status, 401);
    expect(anonymous.body.data).toStrictEqual({ code: 'UNAUTHENTICATED' });
  });

  // ---- 9. /api/admin by prefix --------------------------------------------------------------------

  it('answers a malformed session cookie (mmfa.sid=%, not percent-encoding) with 400 in the error shape, not 500', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/session'],
      ['GET', '/api/plan/getMFACountries'],
      ['POST', '/api/auth/login'],
    ]) {
      const answer = await fetch(`${gatewayUrl}${path}`, { method, headers: { cookie: 'mmfa.sid=%' } });
      expect([path, answer.status, await answer.json()]).toStrictEqual([
        path,
        400,
        {
          isError: true,
          message: "Your session cookie is not valid. Please clear this site's cookies and sign in again",
          data: { code: 'SESSION_COOKIE_INVALID' },
        },
      ]);
    }
  });

  it('answers anything under /api/admin, even paths that do not exist, 401 to anonymous and 403 to customers', async () => {
    const path = '/api/admin/anything-not-existing';
    assert.equal((await new Browser(gatewayUrl).call('GET', path)).status, 401);
    assert.equal((await new Browser(gatewayUrl).call('POST', path, {})).status, 401);
    const { browser: customer, emailAddress } = await signedUp('nosy');
    assert.equal((await customer.call('GET', path)).status, 403);
    assert.equal((await customer.call('DELETE', path)).status, 403);
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE email_address = $1`, [
      emailAddress,
    ]);
    const admin = new Browser(gatewayUrl);
    assert.equal(
      (await admin.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD })).status,
      200,
    );
    assert.equal(
      (await admin.call('GET', path)).status,
      404,
      'an administrator gets through to the route lookup',
    );
  });

  it('answered every successful call above, the Google ones too, in its endpoint\u2019s response schema', () => {
    const checked = assertAnswersMatchContract();
    assert.ok(checked.has('checkSSOStatus') && checked.has('loginSSO'));
  });
});

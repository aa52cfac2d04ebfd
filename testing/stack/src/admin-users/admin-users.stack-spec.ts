import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ReportUser } from '@multimfa/api-contract';
import pg from 'pg';
import { type Body, email, PASSWORD, signUpBody } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };
type Refusal = Answer<{ code: string } | null>;

describe('the User Report and Create Admin User through the gateway (real identity, numbers, Redis, Kafka)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let identityDb: pg.Client;

  interface Account {
    browser: Browser;
    emailAddress: string;
    userId: string;
  }

  /** A customer signed up (and so signed in) through the gateway. */
  async function customer(label = 'customer'): Promise<Account> {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email(label);
    const signUp = await browser.call<Answer<{ appUserId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(emailAddress),
    );
    assert.equal(signUp.status, 200);
    const { rows } = await identityDb.query('SELECT user_id FROM app_user WHERE email_address = $1', [
      emailAddress,
    ]);
    return { browser, emailAddress, userId: rows[0].user_id };
  }

  /** An administrator (made one in the database, as the create-user command does), signed in. */
  async function admin(label = 'admin'): Promise<Account> {
    const account = await customer(label);
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE user_id = $1`, [account.userId]);
    const browser = new Browser(gatewayUrl);
    const login = await browser.call('POST', '/api/auth/login', {
      emailAddress: account.emailAddress,
      password: PASSWORD,
    });
    assert.equal(login.status, 200);
    return { ...account, browser };
  }

  const login = (emailAddress: string, password = PASSWORD) =>
    new Browser(gatewayUrl).call<Body>('POST', '/api/auth/login', { emailAddress, password });

  /** The set-password link's code identity asked messaging to e-mail (opened as messaging does). */
  async function linkCode(emailAddress: string): Promise<string> {
    const code = (
      await stack.codes((n) => n.emailAddress === emailAddress && n.kind === 'SET_PASSWORD_LINK')
    ).at(-1);
    assert.ok(code, `no set-password link for ${emailAddress}`);
    return code;
  }

  /** What the link's page does: checks the code, then sets the password, in one browser. */
  async function setPasswordThroughLink(emailAddress: string, newPassword: string): Promise<void> {
    const browser = new Browser(gatewayUrl);
    const token = await linkCode(emailAddress);
    const check = await browser.call<Body>('POST', '/api/auth/verifyemailtoken', { emailAddress, token });
    assert.equal(check.status, 200, check.body.message);
    const set = await browser.call<Body>('POST', '/api/auth/changePasswordFP', { emailAddress, newPassword });
    assert.equal(set.status, 200, set.body.message);
  }

  beforeAll(async () => {
    await stack.start();
    const numbers = await stack.startNumbers({ settings: { TWILIO_API_URL: 'http://127.0.0.1:1' } });
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbers.url })).url;
    identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
  });

  afterAll(async () => {
    await identityDb?.end();
    await stack.stop();
  });

  // First, while these two are the only administrators.
  it('two administrators deactivating each other at once: one wins, the other is refused as the last active admin', async () => {
    const first = await admin('first');
    const second = await admin('second');
    const [a, b] = await Promise.all([
      first.browser.call<Refusal>('PATCH', `/api/admin/user/${second.userId}`, { isActive: false }),
      second.browser.call<Refusal>('PATCH', `/api/admin/user/${first.userId}`, { isActive: false }),
    ]);
    expect([a.status, b.status].sort()).toStrictEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toStrictEqual({
      isError: true,
      message: 'The last active administrator cannot be deactivated',
      data: { code: 'LAST_ACTIVE_ADMIN' },
    });
    const { rows } = await identityDb.query(
      `SELECT count(*)::int AS n FROM app_user WHERE user_type = 'ADMIN' AND is_active AND deleted_at IS NULL`,
    );
    assert.equal(rows[0].n, 1, 'exactly one active administrator is left');
    // The winner reactivates the other, for the next test.
    const winner = a.status === 200 ? first : second;
    const loser = a.status === 200 ? second : first;
    const back = await winner.browser.call('PATCH', `/api/admin/user/${loser.userId}`, { isActive: true });
    assert.equal(back.status, 200);
  });

  it('two administrators deleting each other at once: one wins, the other is refused as the last active admin', async () => {
    await identityDb.query(`UPDATE app_user SET is_active = false WHERE user_type = 'ADMIN'`);
    const first = await admin('del-first');
    const second = await admin('del-second');
    const [a, b] = await Promise.all([
      first.browser.call<Refusal>('DELETE', `/api/admin/user/${second.userId}`),
      second.browser.call<Refusal>('DELETE', `/api/admin/user/${first.userId}`),
    ]);
    expect([a.status, b.status].sort()).toStrictEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toStrictEqual({
      isError: true,
      message: 'The last active administrator cannot be deleted',
      data: { code: 'LAST_ACTIVE_ADMIN' },
    });
  });

  it('an administrator cannot deactivate or delete themself', async () => {
    const me = await admin('me');
    const deactivate = await me.browser.call<Refusal>('PATCH', `/api/admin/user/${me.userId}`, {
      isActive: false,
    });
    expect([deactivate.status, deactivate.body]).toStrictEqual([
      409,
      {
        isError: true,
        message: 'You cannot deactivate your own account',
        data: { code: 'CANNOT_CHANGE_SELF' },
      },
    ]);
    const remove = await me.browser.call<Refusal>('DELETE', `/api/admin/user/${me.userId}`);
    expect([remove.status, remove.body]).toStrictEqual([
      409,
      { isError: true, message: 'You cannot delete your own account', data: { code: 'CANNOT_CHANGE_SELF' } },
    ]);
    const { rows } = await identityDb.query('SELECT is_active, deleted_at FROM app_user WHERE user_id = $1', [
      me.userId,
    ]);
    expect(rows[0]).toStrictEqual({ is_active: true, deleted_at: null });
  });

  it('lists users with the report columns, filtered by creation day', async () => {
    const boss = await admin('report');
    const listed = await customer('listed');
    const report = await boss.browser.call<Answer<ReportUser[]>>('GET', '/api/admin/users');
    assert.equal(report.status, 200);
    expect(report.body.data.find((row) => row.id === listed.userId)).toStrictEqual({
      id: listed.userId,
      firstName: 'Grace',
      lastName: 'Hopper',
      mobileNo: '+12125550199',
      emailAddress: listed.emailAddress,
      userType: 'CUSTOMER',
      isActive: true,
      isVerified: false,
      receiveMarketingEmails: false,
      serviceAgreementAgreed: true,
      multiMFAs: 0,
      createdAt: expect.any(String),
    });
    await identityDb.query(`UPDATE app_user SET created_at = '2024-03-10T12:00:00Z' WHERE user_id = $1`, [
      listed.userId,
    ]);
    const march = await boss.browser.call<Answer<ReportUser[]>>(
      'GET',
      '/api/admin/users?from=2024-03-10&to=2024-03-10',
    );
    expect(march.body.data.map((row) => row.id)).toStrictEqual([listed.userId]);
    const later = await boss.browser.call<Answer<ReportUser[]>>('GET', '/api/admin/users?from=2024-03-11');
    assert.equal(
      later.body.data.some((row) => row.id === listed.userId),
      false,
    );
    const bad = await boss.browser.call<Refusal>('GET', '/api/admin/users?from=yesterday');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'From must be a date');
  });

  it('a deactivated user is refused on the next call of the session they had, cannot sign in (ACCOUNT_INACTIVE) nor be sent a set-password link (409 USER_INACTIVE) until reactivated', async () => {
    const boss = await admin('status');
    const user = await customer('deactivated');
    assert.equal((await user.browser.call('GET', '/api/auth/session')).status, 200);

    const off = await boss.browser.call<Answer<unknown>>('PATCH', `/api/admin/user/${user.userId}`, {
      isActive: false,
    });
    expect([off.status, off.body]).toStrictEqual([
      200,
      {
        isError: false,
        message: 'Admin status changed successfully',
        data: { id: user.userId, isActive: false },
      },
    ]);
    assert.equal((await user.browser.call('GET', '/api/auth/session')).status, 401);
    const refused = await login(user.emailAddress);
    expect([refused.status, refused.body.message, refused.body.data]).toStrictEqual([
      401,
      'Your account is inactive. Please contact support',
      { code: 'ACCOUNT_INACTIVE' },
    ]);
    // Another condition (an administrator acting on an inactive user), so another code.
    const reset = await boss.browser.call<Refusal>('POST', `/api/admin/reset-password/${user.userId}`);
    expect([reset.status, reset.body.message, reset.body.data]).toStrictEqual([
      409,
      'This user is inactive. Activate the user before resetting the password',
      { code: 'USER_INACTIVE' },
    ]);

    const on = await boss.browser.call('PATCH', `/api/admin/user/${user.userId}`, { isActive: true });
    assert.equal(on.status, 200);
    assert.equal((await login(user.emailAddress)).status, 200);
  });

  it('deleting a user ends their sessions, keeps the record, publishes identity.user.deleted and drops them from the report', async () => {
    const boss = await admin('deleter');
    const user = await customer('deleted');
    const remove = await boss.browser.call<Body>('DELETE', `/api/admin/user/${user.userId}`);
    expect([remove.status, remove.body]).toStrictEqual([
      200,
      { isError: false, message: 'Admin deleted successfully', data: null },
    ]);
    assert.equal((await user.browser.call('GET', '/api/auth/session')).status, 401);
    assert.equal((await login(user.emailAddress)).status, 401);
    const { rows } = await identityDb.query(
      'SELECT email_address, is_active, deleted_at IS NOT NULL AS deleted FROM app_user WHERE user_id = $1',
      [user.userId],
    );
    expect(rows[0]).toStrictEqual({ email_address: user.emailAddress, is_active: false, deleted: true });
    const events = await identityDb.query(
      `SELECT envelope->'payload' AS payload FROM outbox_event WHERE envelope->>'type' = 'identity.user.deleted'`,
    );
    expect(events.rows.map((row) => row.payload)).toContainEqual({
      userId: user.userId,
      userType: 'CUSTOMER',
      deletedBy: boss.userId,
      deletedAt: expect.any(String),
    });
    const report = await boss.browser.call<Answer<ReportUser[]>>('GET', '/api/admin/users');
    assert.equal(
      report.body.data.some((row) => row.id === user.userId),
      false,
    );
    const again = await boss.browser.call<Refusal>('DELETE', `/api/admin/user/${user.userId}`);
    expect([again.status, again.body.data]).toStrictEqual([404, { code: 'USER_NOT_FOUND' }]);
  });

  it('Reset Password e-mails a set-password link whose code sets a new password', async () => {
    const boss = await admin('resetter');
    const user = await customer('reset');
    const reset = await boss.browser.call<Body>('POST', `/api/admin/reset-password/${user.userId}`);
    expect([reset.status, reset.body]).toStrictEqual([
      200,
      { isError: false, message: 'Email sent for resetting password successfully', data: null },
    ]);
    await setPasswordThroughLink(user.emailAddress, 'a brand new password');
    assert.equal((await login(user.emailAddress, 'a brand new password')).status, 200);
    assert.equal((await login(user.emailAddress)).status, 401, 'the old password no longer works');
  });

  it('creates an administrator who sets a password through the e-mailed link; bad or taken addresses answer 400 with the message', async () => {
    const boss = await admin('creator');
    const emailAddress = email('new-admin');
    const body = { firstName: 'Ada', lastName: 'Lovelace', mobileNo: '+442071838750', email: emailAddress };
    const created = await boss.browser.call<Answer<{ id: string }>>('POST', '/api/admin', body);
    expect([created.status, created.body]).toStrictEqual([
      200,
      { isError: false, message: 'Admin user created successfully', data: { id: expect.any(String) } },
    ]);
    assert.equal((await login(emailAddress)).status, 401, 'no password until the link is used');
    await setPasswordThroughLink(emailAddress, 'admin chose this one');
    const signedIn = new Browser(gatewayUrl);
    const signIn = await signedIn.call<Answer<{ userType: string }>>('POST', '/api/auth/login', {
      emailAddress,
      password: 'admin chose this one',
    });
    assert.equal(signIn.status, 200);
    assert.equal((await signedIn.call('GET', '/api/admin/users')).status, 200, 'the new admin is an admin');

    const taken = await boss.browser.call<Refusal>('POST', '/api/admin', body);
    expect([taken.status, taken.body]).toStrictEqual([
      400,
      {
        isError: true,
        message: 'An account with this email address already exists',
        data: { code: 'EMAIL_TAKEN' },
      },
    ]);
    const malformed = await boss.browser.call<Refusal>('POST', '/api/admin', {
      ...body,
      email: 'not-an-email',
    });
    expect([malformed.status, malformed.body.message]).toStrictEqual([
      400,
      'Please provide a valid email address',
    ]);
    const missing = await boss.browser.call<Refusal>('POST', '/api/admin', { ...body, firstName: '' });
    expect([missing.status, missing.body.message]).toStrictEqual([400, 'Please provide first name']);
  });

  it('a customer gets 403 from every User Report and Create Admin call, for any user id (the attack)', async () => {
    const attacker = await customer('attacker');
    const victim = await customer('victim');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['DELETE', `/api/admin/user/${victim.userId}`],
      ['PATCH', `/api/admin/user/${victim.userId}`, { isActive: false }],
      ['POST', `/api/admin/reset-password/${victim.userId}`],
      [
        'POST',
        '/api/admin',
        { firstName: 'Eve', lastName: 'Mallory', mobileNo: '+12125550100', email: email('eve') },
      ],
    ];
    for (const [method, path, body] of calls) {
      const answer = await attacker.browser.call<Refusal>(method, path, body);
      expect([method, path, answer.status, answer.body.data]).toStrictEqual([
        method,
        path,
        403,
        { code: 'FORBIDDEN' },
      ]);
    }
    const { rows } = await identityDb.query('SELECT is_active, deleted_at FROM app_user WHERE user_id = $1', [
      victim.userId,
    ]);
    expect(rows[0]).toStrictEqual({ is_active: true, deleted_at: null });
    const admins = await identityDb.query(`SELECT count(*)::int AS n FROM app_user WHERE first_name = 'Eve'`);
    assert.equal(admins.rows[0].n, 0);
    for (const [method, path, body] of calls) {
      assert.equal(
        (await new Browser(gatewayUrl).call(method, path, body)).status,
        401,
        `${method} ${path} anonymous`,
      );
    }
  });

  it('every successful answer matches the documented contract', () => {
    const checked = assertAnswersMatchContract();
    for (const operationId of [
      'listReportUsers',
      'deleteUser',
      'updateUserStatus',
      'adminResetPassword',
      'createAdmin',
    ]) {
      assert.ok(checked.has(operationId), operationId);
    }
  });
});

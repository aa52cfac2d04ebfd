import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TwilioNumber } from '@multimfa/api-contract';
import pg from 'pg';
import { PASSWORD, signUpBody } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };
type Refusal = Answer<{ code: string } | null>;

const POOL = '/api/admin/twilio-numbers';

/** A valid, unused Twilio-form SID. */
const newSid = () => `PN${randomBytes(16).toString('hex')}`;
/** A valid New York number no other test of this file uses (555-01xx is the fictional range). */
let nextLine = 100;
const newNumber = () => {
  nextLine += 1;
  return `+1212555${String(nextLine).padStart(4, '0')}`;
};

describe('the admin number pool through the gateway (real numbers, identity, billing, Redis, Kafka)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersDatabase: string;
  let numbersDb: pg.Client;
  let identityDb: pg.Client;
  let admin: Browser;
  let customer: Browser;

  async function signedUp(userType: 'ADMIN' | 'CUSTOMER'): Promise<Browser> {
    const browser = new Browser(gatewayUrl);
    const emailAddress = `pool-${userType.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
    const signUp = await browser.call('POST', '/api/auth/signup', signUpBody(emailAddress));
    assert.equal(signUp.status, 200);
    if (userType === 'CUSTOMER') return browser;
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE email_address = $1`, [
      emailAddress,
    ]);
    const signedIn = new Browser(gatewayUrl);
    const login = await signedIn.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD });
    assert.equal(login.status, 200);
    return signedIn;
  }

  async function added(referenceName = 'Pool test'): Promise<TwilioNumber> {
    const answer = await admin.call<Answer<TwilioNumber>>('POST', POOL, {
      mobileNo: newNumber(),
      sid: newSid(),
      referenceName,
    });
    assert.equal(answer.status, 200, answer.body.message);
    return answer.body.data;
  }

  const rowOf = async (id: number) =>
    (
      await numbersDb.query(
        'SELECT e164, sid, reference_name, state FROM phone_number WHERE phone_number_id = $1',
        [id],
      )
    ).rows[0];

  beforeAll(async () => {
    await stack.start();
    const started = await stack.startNumbers({ settings: { TWILIO_API_URL: 'http://127.0.0.1:1' } });
    numbersDatabase = started.databaseUrl;
    const numbersUrl = started.url;
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    numbersDb = new pg.Client({ connectionString: numbersDatabase });
    await numbersDb.connect();
    identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
    admin = await signedUp('ADMIN');
    customer = await signedUp('CUSTOMER');
  });

  afterAll(async () => {
    await numbersDb?.end();
    await identityDb?.end();
    await stack.stop();
  });

  it('an administrator adds, lists, edits and deletes a number, each answer in the documented shape', async () => {
    const mobileNo = newNumber();
    const sid = newSid();
    const add = await admin.call<Answer<TwilioNumber>>('POST', POOL, {
      mobileNo,
      sid,
      referenceName: '  New York 1 ',
    });
    assert.equal(add.status, 200);
    expect(add.body).toStrictEqual({
      isError: false,
      message: 'Number added successfully',
      data: {
        twillioNoId: expect.any(Number),
        mobileNo,
        sid,
        referenceName: 'New York 1',
        country: 'US',
        state: 'FREE',
        isOccupied: false,
        createdAt: expect.any(String),
        reservedUntil: null,
        quarantinedUntil: null,
      },
    });
    const id = add.body.data.twillioNoId;

    const list = await admin.call<Answer<TwilioNumber[]>>('GET', POOL);
    assert.equal(list.status, 200);
    expect(list.body.data.find((row) => row.twillioNoId === id)).toStrictEqual(add.body.data);

    const edit = await admin.call<Answer<TwilioNumber>>('PATCH', `${POOL}/${id}`, {
      mobileNo: '+442071838750',
      sid,
      referenceName: 'London 1',
    });
    assert.equal(edit.status, 200);
    assert.equal(edit.body.message, 'Number updated successfully');
    expect(edit.body.data).toStrictEqual({
      ...add.body.data,
      mobileNo: '+442071838750',
      referenceName: 'London 1',
      country: 'GB',
    });

    const remove = await admin.call<Answer<null>>('DELETE', `${POOL}/${id}`);
    expect([remove.status, remove.body]).toStrictEqual([
      200,
      { isError: false, message: 'Number deleted successfully', data: null },
    ]);
    assert.equal(await rowOf(id), undefined);
    const again = await admin.call<Refusal>('DELETE', `${POOL}/${id}`);
    expect([again.status, again.body]).toStrictEqual([
      404,
      { isError: true, message: 'Number not found', data: { code: 'NUMBER_NOT_FOUND' } },
    ]);
  });

  it('search keeps only the numbers containing the typed digits, wherever they are', async () => {
    const first = await added('Search A');
    const second = await added('Search B');
    const digits = first.mobileNo.slice(-5);
    const found = await admin.call<Answer<TwilioNumber[]>>('GET', `${POOL}?mobileNo=${digits}`);
    assert.equal(found.status, 200);
    expect(found.body.data.map((row) => row.mobileNo)).toStrictEqual([first.mobileNo]);
    const both = await admin.call<Answer<TwilioNumber[]>>(
      'GET',
      `${POOL}?mobileNo=${encodeURIComponent('+1212')}`,
    );
    const ids = both.body.data.map((row) => row.twillioNoId);
    assert.ok(ids.includes(first.twillioNoId) && ids.includes(second.twillioNoId));
    assert.ok(both.body.data.every((row) => row.mobileNo.includes('+1212')));
    const none = await admin.call<Answer<TwilioNumber[]>>('GET', `${POOL}?mobileNo=99999999`);
    expect(none.body.data).toStrictEqual([]);
    const wildcard = await admin.call<Refusal>('GET', `${POOL}?mobileNo=${encodeURIComponent('%')}`);
    assert.equal(wildcard.status, 400);
    assert.equal(wildcard.body.message, 'Filter by the digits of the phone number');
  });

  it('attack: a customer gets 403 and an anonymous caller 401 on every pool call, and the pool is unchanged', async () => {
    const target = await added('Not yours');
    const before = await rowOf(target.twillioNoId);
    const count = async () =>
      Number((await numbersDb.query('SELECT count(*) FROM phone_number')).rows[0].count);
    const rowsBefore = await count();
    const body = { mobileNo: newNumber(), sid: newSid(), referenceName: 'Intruder' };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', POOL],
      ['POST', POOL, body],
      ['PATCH', `${POOL}/${target.twillioNoId}`, body],
      ['DELETE', `${POOL}/${target.twillioNoId}`],
    ];
    for (const [method, path, payload] of calls) {
      const anonymous = await new Browser(gatewayUrl).call<Refusal>(method, path, payload);
      assert.equal(anonymous.status, 401, `${method} ${path} anonymous`);
      assert.equal(anonymous.body.data?.code, 'UNAUTHENTICATED');
      const asCustomer = await customer.call<Refusal>(method, path, payload);
      assert.equal(asCustomer.status, 403, `${method} ${path} as a customer`);
      expect(asCustomer.body).toStrictEqual({
        isError: true,
        message: 'You do not have access to this resource',
        data: { code: 'FORBIDDEN' },
      });
    }
    assert.deepEqual(await rowOf(target.twillioNoId), before);
    assert.equal(await count(), rowsBefore);
  });

  it('refuses a second number with the same number or the same SID with 409, also when two adds race', async () => {
    const existing = await added('Original');
    const sameNumber = await admin.call<Refusal>('POST', POOL, {
      mobileNo: existing.mobileNo,
      sid: newSid(),
      referenceName: 'Copy',
    });
    expect([sameNumber.status, sameNumber.body]).toStrictEqual([
      409,
      {
        isError: true,
        message: `The number ${existing.mobileNo} is already in the pool`,
        data: { code: 'NUMBER_EXISTS' },
      },
    ]);
    const sameSid = await admin.call<Refusal>('POST', POOL, {
      mobileNo: newNumber(),
      sid: `PN${existing.sid.slice(2).toUpperCase()}`,
      referenceName: 'Copy',
    });
    expect([sameSid.status, sameSid.body]).toStrictEqual([
      409,
      {
        isError: true,
        message: `A number with the SID ${existing.sid} is already in the pool`,
        data: { code: 'SID_EXISTS' },
      },
    ]);
    const other = await added('Other');
    const editOnto = await admin.call<Refusal>('PATCH', `${POOL}/${other.twillioNoId}`, {
      mobileNo: existing.mobileNo,
      sid: other.sid,
      referenceName: 'Other',
    });
    assert.equal(editOnto.status, 409);
    assert.equal(editOnto.body.data?.code, 'NUMBER_EXISTS');

    const raced = { mobileNo: newNumber(), sid: newSid(), referenceName: 'Raced' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => admin.call<Refusal>('POST', POOL, raced)),
    );
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await numbersDb.query('SELECT count(*)::int AS n FROM phone_number WHERE e164 = $1', [
      raced.mobileNo,
    ]);
    assert.equal(rows.rows[0].n, 1);
  });

  it('refuses a bad SID, number or reference name with 400 and the field\u2019s message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { mobileNo: newNumber(), sid: 'PN123', referenceName: 'x' },
        'The SID must be PN followed by 32 hexadecimal characters',
        'VALIDATION_FAILED',
      ],
      [
        { mobileNo: newNumber(), sid: `AC${randomBytes(16).toString('hex')}`, referenceName: 'x' },
        'The SID must be PN followed by 32 hexadecimal characters',
        'VALIDATION_FAILED',
      ],
      [{ mobileNo: newNumber(), sid: '', referenceName: 'x' }, 'Please provide SID', 'VALIDATION_FAILED'],
      [
        { mobileNo: '12125550100', sid: newSid(), referenceName: 'x' },
        'Please provide the mobile number in international format, e.g. +12125551212',
        'VALIDATION_FAILED',
      ],
      [
        { mobileNo: '', sid: newSid(), referenceName: 'x' },
        'Please provide mobile number',
        'VALIDATION_FAILED',
      ],
      [
        { mobileNo: newNumber(), sid: newSid(), referenceName: '   ' },
        'Please provide reference name',
        'VALIDATION_FAILED',
      ],
      [
        { mobileNo: '+999123456', sid: newSid(), referenceName: 'x' },
        '+999123456 is not a valid phone number of any country',
        'INVALID_NUMBER',
      ],
    ];
    const target = await added('Valid');
    for (const [body, message, code] of cases) {
      for (const [method, path] of [
        ['POST', POOL],
        ['PATCH', `${POOL}/${target.twillioNoId}`],
      ] as const) {
        const answer = await admin.call<Refusal>(method, path, body);
        assert.equal(answer.status, 400, `${method} ${JSON.stringify(body)}`);
        assert.equal(answer.body.message, message);
        assert.equal(answer.body.data?.code, code);
      }
    }
    const bad = await admin.call<Refusal>('DELETE', `${POOL}/not-a-number`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'Unknown number');
  });

  it('attack: an administrator cannot edit or delete a number that is occupied (set in the numbers database)', async () => {
    const number = await added('In use');
    await numbersDb.query(`UPDATE phone_number SET state = 'OCCUPIED' WHERE phone_number_id = $1`, [
      number.twillioNoId,
    ]);
    const before = await rowOf(number.twillioNoId);
    const edit = await admin.call<Refusal>('PATCH', `${POOL}/${number.twillioNoId}`, {
      mobileNo: newNumber(),
      sid: newSid(),
      referenceName: 'Taken over',
    });
    expect([edit.status, edit.body]).toStrictEqual([
      409,
      { isError: true, message: 'An occupied number cannot be edited', data: { code: 'NUMBER_OCCUPIED' } },
    ]);
    const remove = await admin.call<Refusal>('DELETE', `${POOL}/${number.twillioNoId}`);
    expect([remove.status, remove.body]).toStrictEqual([
      409,
      { isError: true, message: 'An occupied number cannot be deleted', data: { code: 'NUMBER_OCCUPIED' } },
    ]);
    assert.deepEqual(await rowOf(number.twillioNoId), before);
    const listed = await admin.call<Answer<TwilioNumber[]>>('GET', POOL);
    const row = listed.body.data.find((candidate) => candidate.twillioNoId === number.twillioNoId);
    assert.deepEqual([row?.isOccupied, row?.state], [true, 'OCCUPIED']);
  });

  it('answered every successful pool call above in its endpoint\u2019s response schema', () => {
    const checked = assertAnswersMatchContract();
    for (const operationId of [
      'listTwilioNumbers',
      'addTwilioNumber',
      'updateTwilioNumber',
      'deleteTwilioNumber',
    ]) {
      assert.ok(checked.has(operationId), operationId);
    }
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ActiveDiscount, Discount } from '@multimfa/api-contract';
import pg from 'pg';
import { email, PASSWORD, signUpBody } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };
type Refusal = Answer<{ code: string } | null>;

const DISCOUNTS = '/api/admin/discounts';
const DAY_MS = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const newCode = (prefix = 'CODE') => `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;

describe('Discount Management through the gateway (real billing, identity, Redis, Kafka)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let identityDb: pg.Client;
  let billingDb: pg.Client;
  let admin: Browser;
  let customer: Browser;

  async function signedUp(userType: 'ADMIN' | 'CUSTOMER'): Promise<Browser> {
    const browser = new Browser(gatewayUrl);
    const emailAddress = email(`discounts-${userType.toLowerCase()}`);
    assert.equal((await browser.call('POST', '/api/auth/signup', signUpBody(emailAddress))).status, 200);
    if (userType === 'CUSTOMER') return browser;
    await identityDb.query(`UPDATE app_user SET user_type = 'ADMIN' WHERE email_address = $1`, [
      emailAddress,
    ]);
    const signedIn = new Browser(gatewayUrl);
    assert.equal(
      (await signedIn.call('POST', '/api/auth/login', { emailAddress, password: PASSWORD })).status,
      200,
    );
    return signedIn;
  }

  const body = (overrides: Record<string, unknown> = {}) => ({
    code: newCode(),
    discountType: 'PERCENTAGE',
    value: 20,
    maxNoUsage: 10,
    expiryDate: day(30),
    ...overrides,
  });

  async function created(overrides: Record<string, unknown> = {}): Promise<Discount> {
    const answer = await admin.call<Answer<Discount>>('POST', DISCOUNTS, body(overrides));
    assert.equal(answer.status, 200, answer.body.message);
    return answer.body.data;
  }

  beforeAll(async () => {
    await stack.start();
    gatewayUrl = (await stack.gateway()).url;
    identityDb = new pg.Client({ connectionString: stack.databases[0] });
    await identityDb.connect();
    billingDb = new pg.Client({ connectionString: stack.databases[1] });
    await billingDb.connect();
    admin = await signedUp('ADMIN');
    customer = await signedUp('CUSTOMER');
  });

  afterAll(async () => {
    await identityDb?.end();
    await billingDb?.end();
    await stack.stop();
  });

  it('creates an active discount, reads it, edits it (value read-only), deletes it, in the documented shapes', async () => {
    const code = newCode('Summer');
    const create = await admin.call<Answer<Discount>>('POST', DISCOUNTS, body({ code, value: 12.5 }));
    expect([create.status, create.body]).toStrictEqual([
      200,
      {
        isError: false,
        message: 'Discount created successfully',
        data: {
          discountId: expect.any(String),
          code,
          discountType: 'PERCENTAGE',
          value: 12.5,
          maxNoUsage: 10,
          usedCount: 0,
          isActive: true,
          expiryDate: day(30),
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
        },
      },
    ]);
    const id = create.body.data.discountId;
    const read = await admin.call<Answer<Discount>>('GET', `${DISCOUNTS}/${id}`);
    expect(read.body.data).toStrictEqual(create.body.data);

    const edit = await admin.call<Answer<Discount>>('PATCH', `${DISCOUNTS}/${id}`, {
      code: `${code}X`,
      discountType: 'PERCENTAGE',
      value: 12.5,
      maxNoUsage: 50,
      expiryDate: day(60),
      isActive: false,
    });
    expect([edit.status, edit.body.message]).toStrictEqual([200, 'Discount updated successfully']);
    expect(edit.body.data).toMatchObject({
      code: `${code}X`,
      maxNoUsage: 50,
      expiryDate: day(60),
      isActive: false,
    });

    const valueChange = await admin.call<Refusal>('PATCH', `${DISCOUNTS}/${id}`, {
      code,
      discountType: 'PERCENTAGE',
      value: 50,
      maxNoUsage: 50,
      expiryDate: day(60),
      isActive: true,
    });
    expect([valueChange.status, valueChange.body]).toStrictEqual([
      409,
      {
        isError: true,
        message: 'The value of a discount cannot be changed',
        data: { code: 'DISCOUNT_VALUE_FIXED' },
      },
    ]);

    const remove = await admin.call<Answer<null>>('DELETE', `${DISCOUNTS}/${id}`);
    expect([remove.status, remove.body]).toStrictEqual([
      200,
      { isError: false, message: 'Discount deleted successfully', data: null },
    ]);
    const gone = await admin.call<Refusal>('GET', `${DISCOUNTS}/${id}`);
    expect([gone.status, gone.body.data]).toStrictEqual([404, { code: 'DISCOUNT_NOT_FOUND' }]);
    const { rows } = await billingDb.query(
      'SELECT deleted_at IS NOT NULL AS deleted FROM discount WHERE id = $1',
      [id],
    );
    expect(rows).toStrictEqual([{ deleted: true }]);
    const events = await billingDb.query(
      `SELECT envelope->>'type' AS type, envelope->'payload'->>'deleted' AS deleted FROM outbox_event
        WHERE envelope->'payload'->>'discountId' = $1 ORDER BY id`,
      [id],
    );
    expect(events.rows).toStrictEqual([
      { type: 'billing.discount.created', deleted: null },
      { type: 'billing.discount.changed', deleted: 'false' },
      { type: 'billing.discount.changed', deleted: 'true' },
    ]);
  });

  it('refuses each invalid field with the message of the spec, word for word', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: '' }, 'Please enter code'],
      [{ code: 'A'.repeat(31) }, 'Code should be at most 30 characters'],
      [{ maxNoUsage: 0 }, 'Max no usage should be greater than zero'],
      [{ maxNoUsage: 1.5 }, 'Max no usage should be a whole number'],
      [{ value: 0 }, 'Value should be greater than zero'],
      [{ value: 101 }, 'Percentage should be at most 100'],
      [{ expiryDate: '' }, 'Please select expiry date'],
      [{ expiryDate: day(-1) }, "Expiry date should be greater than today's date"],
      [{ expiryDate: day(0) }, "Expiry date should be greater than today's date"],
    ];
    for (const [overrides, message] of cases) {
      const answer = await admin.call<Refusal>('POST', DISCOUNTS, body(overrides));
      expect([overrides, answer.status, answer.body.message]).toStrictEqual([overrides, 400, message]);
    }
    const flat = await admin.call<Answer<Discount>>(
      'POST',
      DISCOUNTS,
      body({ discountType: 'FLAT', value: 150 }),
    );
    assert.equal(flat.status, 200, 'a flat amount may be over 100');
  });

  it('keeps codes unique whatever their case, also under two concurrent creates', async () => {
    const code = newCode('Dup');
    const answers = await Promise.all([
      admin.call<Refusal>('POST', DISCOUNTS, body({ code: code.toLowerCase() })),
      admin.call<Refusal>('POST', DISCOUNTS, body({ code: code.toUpperCase() })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toStrictEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toStrictEqual({
      isError: true,
      message: 'A discount with this code already exists',
      data: { code: 'DISCOUNT_CODE_TAKEN' },
    });
    const { rows } = await billingDb.query(
      'SELECT count(*)::int AS n FROM discount WHERE lower(code) = lower($1)',
      [code],
    );
    assert.equal(rows[0].n, 1);
    const other = await created();
    const rename = await admin.call<Refusal>('PATCH', `${DISCOUNTS}/${other.discountId}`, {
      code: code.toLowerCase(),
      discountType: other.discountType,
      value: other.value,
      maxNoUsage: other.maxNoUsage,
      expiryDate: other.expiryDate,
      isActive: true,
    });
    expect([rename.status, rename.body.data]).toStrictEqual([409, { code: 'DISCOUNT_CODE_TAKEN' }]);
  });

  it('filters by code, type and creation day; active-discounts lists only the usable codes', async () => {
    const tag = newCode('F');
    const flat = await created({ code: `${tag}FLAT`, discountType: 'FLAT', value: 5 });
    const percent = await created({ code: `${tag}PCT` });
    const inactive = await created({ code: `${tag}OFF` });
    await admin.call('PATCH', `${DISCOUNTS}/${inactive.discountId}`, {
      code: inactive.code,
      discountType: inactive.discountType,
      value: inactive.value,
      maxNoUsage: inactive.maxNoUsage,
      expiryDate: inactive.expiryDate,
      isActive: false,
    });
    const expired = await created({ code: `${tag}OLD` });
    await billingDb.query(`UPDATE discount SET expiry_date = now() - interval '1 day' WHERE id = $1`, [
      expired.discountId,
    ]);
    const codes = async (query: string) =>
      (await admin.call<Answer<Discount[]>>('GET', `${DISCOUNTS}?${query}`)).body.data
        .map((d) => d.code)
        .sort();

    expect(await codes(`discountCode=${tag.toLowerCase()}`)).toStrictEqual(
      [flat.code, percent.code, inactive.code, expired.code].sort(),
    );
    expect(await codes(`discountCode=${tag}&discountType=FLAT`)).toStrictEqual([flat.code]);
    expect(await codes(`discountCode=${tag}&discountType=BOTH`)).toHaveLength(4);
    expect(await codes(`discountCode=${tag}&from=${day(0)}&to=${day(0)}`)).toHaveLength(4);
    expect(await codes(`discountCode=${tag}&from=${day(1)}`)).toStrictEqual([]);
    expect(await codes(`discountCode=${tag}&to=${day(-1)}`)).toStrictEqual([]);

    const active = await admin.call<Answer<ActiveDiscount[]>>('GET', `${DISCOUNTS}/active-discounts`);
    assert.equal(active.status, 200);
    const activeCodes = active.body.data.map((d) => d.code).filter((c) => c.startsWith(tag));
    expect(activeCodes.sort()).toStrictEqual([flat.code, percent.code].sort());
  });

  it('a customer gets 403 from every Discount Management call, and changes nothing (the attack)', async () => {
    const target = await created();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', DISCOUNTS],
      ['GET', `${DISCOUNTS}/active-discounts`],
      ['POST', DISCOUNTS, body({ code: 'FREEFORME', value: 100 })],
      ['GET', `${DISCOUNTS}/${target.discountId}`],
      [
        'PATCH',
        `${DISCOUNTS}/${target.discountId}`,
        { ...body({ code: target.code }), value: 20, maxNoUsage: 999999, isActive: true },
      ],
      ['DELETE', `${DISCOUNTS}/${target.discountId}`],
    ];
    for (const [method, path, payload] of calls) {
      const answer = await customer.call<Refusal>(method, path, payload);
      expect([method, path, answer.status, answer.body.data]).toStrictEqual([
        method,
        path,
        403,
        { code: 'FORBIDDEN' },
      ]);
    }
    const { rows } = await billingDb.query(
      'SELECT max_no_usage, deleted_at FROM discount WHERE id = $1 OR lower(code) = $2',
      [target.discountId, 'freeforme'],
    );
    expect(rows).toStrictEqual([{ max_no_usage: 10, deleted_at: null }]);
  });

  it('every successful answer matches the documented contract', () => {
    const checked = assertAnswersMatchContract();
    for (const operationId of [
      'listDiscounts',
      'listActiveDiscounts',
      'createDiscount',
      'getDiscount',
      'updateDiscount',
      'deleteDiscount',
    ]) {
      assert.ok(checked.has(operationId), operationId);
    }
  });
});

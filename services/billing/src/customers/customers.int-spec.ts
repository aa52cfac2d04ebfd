import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BillingCustomer, BillingCustomerLookup } from '@multimfa/service-contracts/billing';
import type { DataSource } from 'typeorm';
import { type BillingTestApp, startBillingTestApp } from '../testing/billing-test-app.harness.js';

interface ErrorBody {
  isError: boolean;
  message: string;
  data: { code: string } | null;
}

describe("a user's payment customer, as the gateway reads it on every sign-in (real PostgreSQL; Stripe in the sandbox)", () => {
  let billing: BillingTestApp;
  let call: BillingTestApp['call'];
  let database: DataSource;

  /** A user billing recorded at sign-up (identity's event), with no Stripe customer yet. */
  async function recordedUser(): Promise<{ userId: string; emailAddress: string }> {
    const userId = randomUUID();
    const emailAddress = `Recorded-${userId.slice(0, 8)}@MultiMFA.test`;
    await database.query(
      'INSERT INTO stripe_customer (user_id, stripe_customer_id, email_address, name) VALUES ($1, NULL, $2, $3)',
      [userId, emailAddress, 'Ada Recorded'],
    );
    return { userId, emailAddress };
  }

  beforeAll(async () => {
    billing = await startBillingTestApp('billing_customers');
    ({ call, database } = billing);
  });

  afterAll(() => billing?.close());

  it('answers a user recorded without a Stripe customer as having none (200, null), and 404 CUSTOMER_NOT_FOUND for a user billing never recorded', async () => {
    const { userId } = await recordedUser();
    expect(await call<BillingCustomerLookup>('GET', `/customers/${userId}`)).toEqual({
      status: 200,
      body: { userId, stripeCustomerId: null },
    });
    const unknown = await call<ErrorBody>('GET', `/customers/${randomUUID()}`);
    expect({ status: unknown.status, code: unknown.body.data?.code }).toEqual({
      status: 404,
      code: 'CUSTOMER_NOT_FOUND',
    });
  });

  it("answers the Stripe customer once the first card made it, the same one on every later read and ensure, and never another user's", async () => {
    const { userId } = await recordedUser();
    const made = await call<BillingCustomer>('PUT', `/customers/${userId}`, {});
    assert.equal(made.status, 200, JSON.stringify(made.body));
    expect(made.body.stripeCustomerId).toMatch(/^cus_/);

    const read = await call<BillingCustomerLookup>('GET', `/customers/${userId}`);
    expect(read).toEqual({ status: 200, body: { userId, stripeCustomerId: made.body.stripeCustomerId } });
    const again = await call<BillingCustomer>('PUT', `/customers/${userId}`, {});
    expect(again.body).toEqual({ userId, stripeCustomerId: made.body.stripeCustomerId });

    const other = await recordedUser();
    expect((await call<BillingCustomerLookup>('GET', `/customers/${other.userId}`)).body).toEqual({
      userId: other.userId,
      stripeCustomerId: null,
    });
  });
});

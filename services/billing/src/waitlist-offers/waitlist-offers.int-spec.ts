import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EventEnvelope, type PayloadOf, waitlistConfirmed } from '@multimfa/events';
import type { CheckoutAnswer } from '@multimfa/service-contracts/billing';
import type { Producer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { type BillingTestApp, startBillingTestApp } from '../testing/billing-test-app.harness.js';

const PUBLISHABLE_KEY = 'pk_test_multimfa_sandbox';

describe('the waitlist offer: 20% off the first MultiMFA (real PostgreSQL, Redis, Kafka; Stripe in the sandbox)', () => {
  let billing: BillingTestApp;
  let prefix: string;
  let sandboxBase: string;
  let call: BillingTestApp['call'];
  let database: DataSource;
  let producer: Producer;

  /** A customer whose account e-mail is `emailAddress` (billing's payment customer). */
  async function customer(emailAddress: string): Promise<string> {
    const userId = randomUUID();
    const created = await call('PUT', `/customers/${userId}`, { emailAddress, name: 'Ada Prospect' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    return userId;
  }

  function confirmation(
    emailAddress: string,
    signupId: string = randomUUID(),
    confirmedAt = new Date(Date.now() - 60_000),
  ): EventEnvelope<PayloadOf<typeof waitlistConfirmed>> {
    const payload = { signupId, emailAddress, confirmedAt: confirmedAt.toISOString() };
    const eventId = randomUUID();
    return {
      eventId,
      type: waitlistConfirmed.type,
      version: waitlistConfirmed.version,
      occurredAt: payload.confirmedAt,
      correlationId: `test-${eventId}`,
      causationId: null,
      key: waitlistConfirmed.keyOf(payload),
      payload,
    };
  }

  /** Sends the events to identity's user topic (an event listed twice is delivered twice). */
  async function deliver(events: Array<EventEnvelope<PayloadOf<typeof waitlistConfirmed>>>): Promise<void> {
    await producer.send({
      topic: `${prefix}${waitlistConfirmed.topic.name}`,
      messages: events.map((event) => ({ key: event.key, value: JSON.stringify(event) })),
    });
  }

  async function offerRows(emailAddress: string) {
    const rows: Array<{
      confirmed_at: Date;
      redeemed_at: Date | null;
      checkout_id: string | null;
    }> = await database.query(
      'SELECT confirmed_at, redeemed_at, checkout_id FROM waitlist_offer WHERE email_address = $1',
      [emailAddress],
    );
    return rows;
  }

  async function applied(eventIds: string[]): Promise<number> {
    const rows: Array<{ n: number }> = await database.query(
      'SELECT count(*)::int AS n FROM processed_event WHERE event_id = ANY($1::uuid[])',
      [eventIds],
    );
    return rows[0]?.n ?? 0;
  }

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 300; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what} did not happen`);
  }

  /** A prospect: the offer recorded from identity's event, and an account with the same address. */
  async function prospect(): Promise<{ userId: string; emailAddress: string }> {
    const emailAddress = `prospect-${randomUUID().slice(0, 8)}@multimfa.test`;
    const event = confirmation(emailAddress);
    await deliver([event]);
    await eventually(async () => (await applied([event.eventId])) === 1, 'the confirmation was applied');
    return { userId: await customer(emailAddress), emailAddress };
  }

  /** A new Basic MultiMFA ($5.00 a month). */
  async function checkout(userId: string, discountId?: string): Promise<CheckoutAnswer> {
    const answer = await call<CheckoutAnswer>('POST', `/users/${userId}/checkouts`, {
      MFAType: 'MultiMFA',
      planId: 1,
      name: 'Team',
      countryId: 1,
      ...(discountId ? { discountId } : {}),
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  }

  /** Stripe.js in the browser: confirms the intent with its client secret and a card. */
  async function pay(intent: CheckoutAnswer): Promise<void> {
    assert.ok(intent.paymentIntentId && intent.clientSecret);
    const response = await fetch(`${sandboxBase}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PUBLISHABLE_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_secret: intent.clientSecret,
        payment_method: 'pm_card_visa',
        return_url: 'http://127.0.0.1:1/success',
      }).toString(),
    });
    assert.equal(((await response.json()) as { status: string }).status, 'succeeded');
  }

  function complete(userId: string, intent: CheckoutAnswer) {
    return call<{ amountPaidCents?: number; data?: { code: string } }>(
      'POST',
      `/users/${userId}/purchases/complete`,
      { paymentIntentId: intent.paymentIntentId },
    );
  }

  async function chargedCents(paymentIntentId: string | null): Promise<number> {
    const response = await fetch(`${sandboxBase}/v1/payment_intents/${paymentIntentId}`, {
      headers: { authorization: 'Bearer sk_test_multimfa_sandbox' },
    });
    return ((await response.json()) as { amount: number }).amount;
  }

  beforeAll(async () => {
    billing = await startBillingTestApp('billing_waitlist_offers');
    ({ prefix, sandboxBase, database, producer, call } = billing);
  });

  afterAll(() => billing?.close());

  it('a confirmation delivered twice, then another event for the same sign-up, leave one offer with the first confirmation time', async () => {
    const emailAddress = `twice-${randomUUID().slice(0, 8)}@multimfa.test`;
    const first = confirmation(emailAddress);
    // Same sign-up, so the same key and partition: delivered after the first.
    const again = confirmation(emailAddress, first.payload.signupId, new Date());
    await deliver([first, first, again]);
    await eventually(
      async () => (await applied([first.eventId, again.eventId])) === 2,
      'both events applied',
    );
    expect(await offerRows(emailAddress)).toStrictEqual([
      { confirmed_at: new Date(first.payload.confirmedAt), redeemed_at: null, checkout_id: null },
    ]);
  });

  it('the first MultiMFA is quoted and charged $4.00 of $5.00 and redeems the offer; the second is $5.00', async () => {
    const { userId, emailAddress } = await prospect();

    const first = await checkout(userId);
    expect([
      first.actualAmount,
      first.discountedAmount,
      first.payableAmount,
      first.amountCents,
      first.waitlistOffer,
    ]).toStrictEqual([5, 1, 4, 400, true]);
    expect(await chargedCents(first.paymentIntentId)).toBe(400);
    await pay(first);
    const purchase = await complete(userId, first);
    expect([purchase.status, purchase.body.amountPaidCents]).toStrictEqual([200, 400]);
    const [offer] = await offerRows(emailAddress);
    expect(offer?.checkout_id).toBe(first.checkoutId);
    expect(offer?.redeemed_at).toBeInstanceOf(Date);

    const second = await checkout(userId);
    expect([
      second.discountedAmount,
      second.payableAmount,
      second.amountCents,
      second.waitlistOffer,
    ]).toStrictEqual([0, 5, 500, false]);
  });

  it('a customer without a waitlist offer pays the full $5.00', async () => {
    const userId = await customer(`stranger-${randomUUID().slice(0, 8)}@multimfa.test`);
    const answer = await checkout(userId);
    expect([answer.discountedAmount, answer.payableAmount, answer.waitlistOffer]).toStrictEqual([
      0,
      5,
      false,
    ]);
  });

  it('a 50% code beats the offer: the code applies ($2.50 off) and the offer stays unredeemed', async () => {
    const { userId, emailAddress } = await prospect();
    const code = `HALF${randomBytes(3).toString('hex')}`.toUpperCase();
    const rows: Array<{ id: string }> = await database.query(
      `INSERT INTO discount (id, code, discount_type, value, max_no_usage, used_count, expiry_date, is_active)
       VALUES ($1, $2, 'PERCENTAGE', 50, 10, 0, now() + interval '30 days', true) RETURNING id`,
      [randomUUID(), code],
    );
    const answer = await checkout(userId, rows[0]?.id);
    expect([answer.discountedAmount, answer.payableAmount, answer.waitlistOffer]).toStrictEqual([
      2.5,
      2.5,
      false,
    ]);
    expect((await offerRows(emailAddress))[0]?.redeemed_at).toBeNull();
  });

  it('two MultiMFAs bought at once, both quoted with the offer: one completes at $4.00, the other is refunded with WAITLIST_OFFER_USED', async () => {
    const { userId, emailAddress } = await prospect();
    const [a, b] = await Promise.all([checkout(userId), checkout(userId)]);
    assert.ok(a && b);
    expect([a.waitlistOffer, b.waitlistOffer]).toStrictEqual([true, true]);
    await Promise.all([pay(a), pay(b)]);

    const answers = await Promise.all([complete(userId, a), complete(userId, b)]);

    const outcomes = answers.map((answer) => [
      answer.status,
      answer.body.amountPaidCents ?? answer.body.data?.code,
    ]);
    expect(outcomes.sort()).toStrictEqual([
      [200, 400],
      [409, 'WAITLIST_OFFER_USED'],
    ]);
    const winner = answers[0]?.status === 200 ? a : b;
    expect((await offerRows(emailAddress))[0]?.checkout_id).toBe(winner.checkoutId);
  });
});

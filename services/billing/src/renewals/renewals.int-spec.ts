import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Outbox } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { type EventEnvelope, mfaDeleted, type PayloadOf, usageCounted, userDeleted } from '@multimfa/events';
import { SandboxClient } from '@multimfa/provider-sandbox';
import type { InvoiceRecord, SavedCard, UsageRecord } from '@multimfa/service-contracts/billing';
import { FixedClock } from '@multimfa/service-runtime';
import type { INestApplication } from '@nestjs/common';
import type { Producer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { CardsRepository } from '../cards/cards.repository.js';
import { oneMonthAfter } from '../purchases/billing-period.rules.js';
import { RenewalsQueue } from '../queue/renewals.queue.js';
import { type BillingTestApp, startBillingTestApp } from '../testing/billing-test-app.harness.js';
import { UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';
import { InvoiceChargeService } from './invoice-charge.service.js';
import { RenewalsRepository } from './renewals.repository.js';
import { RenewalsService } from './renewals.service.js';

const DAY = 86_400_000;

describe('auto-renewal at the payment date (real PostgreSQL, Redis, Kafka; Stripe in the sandbox; the clock moved)', () => {
  let billing: BillingTestApp;
  let prefix: string;
  let logger: BillingTestApp['logger'];
  let app: INestApplication;
  let call: BillingTestApp['call'];
  let database: DataSource;
  let producer: Producer;
  let sandboxBase: string;

  /** A renewal worker whose clock stands at `at` (each replica of the service has one of these). */
  function worker(at: Date): RenewalsService {
    return new RenewalsService(
      app.get(RenewalsRepository),
      app.get(CardsRepository),
      app.get(InvoiceChargeService),
      app.get(RenewalsQueue),
      app.get(Outbox),
      new FixedClock(at),
      logger,
      app.get(UsageSettlementsRepository),
    );
  }

  /** A customer with a Stripe customer and the given saved cards (the first is the default). */
  async function customer(cards: string[]): Promise<{ userId: string; cardIds: string[] }> {
    const userId = randomUUID();
    const created = await call<{ stripeCustomerId: string }>('PUT', `/customers/${userId}`, {
      emailAddress: `renewal-${userId.slice(0, 8)}@multimfa.test`,
      name: 'Ada Renewal',
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const cardIds: string[] = [];
    for (const paymentMethodId of cards) {
      const card = await call<SavedCard>(
        'POST',
        `/users/${userId}/customers/${created.body.stripeCustomerId}/cards`,
        { paymentMethodId },
      );
      assert.equal(card.status, 200, JSON.stringify(card.body));
      cardIds.push(card.body.id);
    }
    return { userId, cardIds };
  }

  /** An active Basic MultiMFA subscription ($5) whose next payment date is ten days from now. */
  async function subscription(
    userId: string,
    autoRenewal = true,
  ): Promise<{ id: string; mfaId: string; due: Date }> {
    const id = randomUUID();
    const mfaId = randomUUID();
    const due = new Date(Math.floor((Date.now() + 10 * DAY) / 1000) * 1000);
    await database.query(
      `INSERT INTO subscription (id, user_id, mfa_id, mfa_type, plan_id, plan_name, base_price_cents,
         no_of_users, status, period_start, next_payment_date, auto_renewal)
       VALUES ($1, $2, $3, 'MultiMFA', 1, 'Basic', 500, 2, 'ACTIVE', $4, $5, $6)`,
      [id, userId, mfaId, new Date(due.getTime() - 31 * DAY), due, autoRenewal],
    );
    return { id, mfaId, due };
  }

  async function subscriptionRow(id: string) {
    const rows: Array<{ status: string; period_start: Date; next_payment_date: Date }> = await database.query(
      'SELECT status, period_start, next_payment_date FROM subscription WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async function invoicesOf(subscriptionId: string) {
    const rows: Array<{
      id: string;
      status: string;
      amount_cents: number;
      payment_intent_id: string | null;
      last_payment_error: string | null;
    }> = await database.query(
      'SELECT id, status, amount_cents, payment_intent_id, last_payment_error FROM invoice WHERE subscription_id = $1',
      [subscriptionId],
    );
    return rows;
  }

  /** The events billing wrote to its outbox about the subscription, in order. */
  async function eventsOf(subscriptionId: string) {
    const rows: Array<{ type: string; payload: Record<string, unknown> }> = await database.query(
      `SELECT envelope->>'type' AS type, envelope->'payload' AS payload FROM outbox_event
        WHERE envelope->'payload'->>'subscriptionId' = $1 ORDER BY id`,
      [subscriptionId],
    );
    return rows;
  }

  /** The distinct PaymentIntents that paid the subscription's invoices. */
  async function paymentIntentsOf(subscriptionId: string): Promise<number> {
    const rows: Array<{ n: number }> = await database.query(
      'SELECT count(DISTINCT payment_intent_id)::int AS n FROM invoice WHERE subscription_id = $1 AND payment_intent_id IS NOT NULL',
      [subscriptionId],
    );
    return rows[0]?.n ?? -1;
  }

  /** The id of the newest PaymentIntent the sandbox's Stripe holds (any customer's). */
  async function newestChargeInSandbox(): Promise<string | undefined> {
    const list = (await (
      await fetch(`${sandboxBase}/v1/payment_intents?limit=1`, {
        headers: { authorization: 'Bearer sk_test_multimfa_sandbox' },
      })
    ).json()) as { data: Array<{ id: string }> };
    return list.data[0]?.id;
  }

  /** Messaging's event for `texts` inbound texts of the subscription's MFA at `countedAt`, as its relay sends it. */
  function usageEvent(
    userId: string,
    sub: { id: string; mfaId: string },
    countedAt: Date,
    texts = 1,
  ): EventEnvelope<PayloadOf<typeof usageCounted>> {
    const payload = {
      usageId: randomUUID(),
      mfaId: sub.mfaId,
      userId,
      subscriptionId: sub.id,
      texts,
      countedAt: countedAt.toISOString(),
    };
    const eventId = randomUUID();
    return {
      eventId,
      type: usageCounted.type,
      version: usageCounted.version,
      occurredAt: countedAt.toISOString(),
      correlationId: `test-${eventId}`,
      causationId: null,
      key: usageCounted.keyOf(payload),
      payload,
    };
  }

  /** Sends the events to the usage topic (an event listed twice is delivered twice). */
  async function deliver(events: Array<EventEnvelope<PayloadOf<typeof usageCounted>>>): Promise<void> {
    await producer.send({
      topic: `${prefix}${usageCounted.topic.name}`,
      messages: events.map((event) => ({ key: event.key, value: JSON.stringify(event) })),
    });
  }

  /** The texts billing metered per period start of the subscription. */
  async function usageRows(subscriptionId: string): Promise<Record<string, number>> {
    const rows: Array<{ period_start: Date; texts: number }> = await database.query(
      'SELECT period_start, texts FROM subscription_usage WHERE subscription_id = $1 ORDER BY period_start',
      [subscriptionId],
    );
    return Object.fromEntries(rows.map((row) => [row.period_start.toISOString(), row.texts]));
  }

  /** The events of the usage topic billing has applied (its record of processed events). */
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

  beforeAll(async () => {
    billing = await startBillingTestApp('billing_renewals');
    ({ prefix, logger, app, sandboxBase, database, producer, call } = billing);
  });

  afterAll(() => billing?.close());

  it('a minute before the payment date nothing is due; at the date the default card is charged, the invoice is PAID and the next payment date moves one month', async () => {
    const { userId } = await customer(['pm_card_visa']);
    const sub = await subscription(userId);

    expect(await worker(new Date(sub.due.getTime() - 60_000)).renew(sub.id, sub.due)).toBeNull();
    const outcome = await worker(sub.due).renew(sub.id, sub.due);

    expect(outcome).toBe('RENEWED');
    const row = await subscriptionRow(sub.id);
    expect([
      row?.status,
      row?.period_start.toISOString(),
      row?.next_payment_date.toISOString(),
    ]).toStrictEqual(['ACTIVE', sub.due.toISOString(), oneMonthAfter(sub.due).toISOString()]);
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_cents])).toStrictEqual([['PAID', 500]]);
    expect(invoices[0]?.payment_intent_id).toMatch(/^pi_/);
    expect((await eventsOf(sub.id)).map((event) => event.type)).toStrictEqual([
      'billing.invoice.issued',
      'billing.invoice.paid',
      'billing.subscription.renewed',
    ]);
  });

  it('the sweep queues each due subscription under the id of its subscription and period, once however often it runs', async () => {
    const { userId } = await customer(['pm_card_visa']);
    const sub = await subscription(userId);
    const enqueued: string[] = [];
    const spy = {
      enqueue: async (jobs: Array<{ subscriptionId: string; periodEnd: string }>) => {
        for (const job of jobs) enqueued.push(`${job.subscriptionId}@${job.periodEnd}`);
      },
      scheduleSweep: async () => undefined,
    } as unknown as RenewalsQueue;
    const sweeper = new RenewalsService(
      app.get(RenewalsRepository),
      app.get(CardsRepository),
      app.get(InvoiceChargeService),
      spy,
      app.get(Outbox),
      new FixedClock(sub.due),
      logger,
      app.get(UsageSettlementsRepository),
    );

    await sweeper.sweep();

    expect(enqueued).toContain(`${sub.id}@${sub.due.toISOString()}`);
  });

  it('two workers at the renewal instant charge the card once: one PAID invoice, one renewal event', async () => {
    const { userId } = await customer(['pm_card_visa']);
    const sub = await subscription(userId);

    const outcomes = await Promise.all([
      worker(sub.due).renew(sub.id, sub.due),
      worker(sub.due).renew(sub.id, sub.due),
      worker(sub.due).renew(sub.id, sub.due),
    ]);

    expect(outcomes.filter((outcome) => outcome === 'RENEWED')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(2);
    expect((await invoicesOf(sub.id)).map((invoice) => invoice.status)).toStrictEqual(['PAID']);
    expect(await paymentIntentsOf(sub.id)).toBe(1);
    const renewed = (await eventsOf(sub.id)).filter((event) => event.type === 'billing.subscription.renewed');
    expect(renewed).toHaveLength(1);
  });

  it('a declined renewal (card 4000 0000 0000 0341) leaves an UNPAID invoice and expires the subscription; paying the invoice with another card reactivates it', async () => {
    const { userId } = await customer(['pm_card_chargeCustomerFail']);
    const sub = await subscription(userId);

    expect(await worker(sub.due).renew(sub.id, sub.due)).toBe('PAYMENT_DECLINED');

    expect((await subscriptionRow(sub.id))?.status).toBe('EXPIRED');
    const [unpaid] = await invoicesOf(sub.id);
    expect([unpaid?.status, unpaid?.amount_cents, unpaid?.last_payment_error]).toStrictEqual([
      'UNPAID',
      500,
      'Your card was declined.',
    ]);
    const expired = (await eventsOf(sub.id)).find((event) => event.type === 'billing.subscription.expired');
    expect(expired?.payload).toMatchObject({
      reason: 'PAYMENT_DECLINED',
      invoiceId: unpaid?.id,
      mfaId: sub.mfaId,
    });

    const stripeCustomerId = (await call<{ stripeCustomerId: string }>('GET', `/customers/${userId}`)).body
      .stripeCustomerId;
    const visa = await call<SavedCard>('POST', `/users/${userId}/customers/${stripeCustomerId}/cards`, {
      paymentMethodId: 'pm_card_visa',
    });
    const paid = await call<InvoiceRecord[]>('POST', `/users/${userId}/invoices/${unpaid?.id}/payment`, {
      cardId: visa.body.id,
    });

    expect([paid.status, paid.body.map((invoice) => invoice.invoiceStatus)]).toStrictEqual([200, ['PAID']]);
    const row = await subscriptionRow(sub.id);
    expect(row?.status).toBe('ACTIVE');
    expect(row?.next_payment_date.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    const renewed = (await eventsOf(sub.id)).find((event) => event.type === 'billing.subscription.renewed');
    expect(renewed?.payload).toMatchObject({ reactivated: true, invoiceId: unpaid?.id });
  });

  it('with no saved card the renewal leaves an UNPAID invoice and the subscription expires', async () => {
    const { userId } = await customer([]);
    const sub = await subscription(userId);

    expect(await worker(sub.due).renew(sub.id, sub.due)).toBe('NO_CARD');

    expect((await subscriptionRow(sub.id))?.status).toBe('EXPIRED');
    expect((await invoicesOf(sub.id)).map((invoice) => invoice.status)).toStrictEqual(['UNPAID']);
  });

  it('a card that needs authentication off-session leaves the invoice UNPAID with the message to pay it with another card', async () => {
    const { userId } = await customer(['pm_card_authenticationRequired']);
    const sub = await subscription(userId);

    expect(await worker(sub.due).renew(sub.id, sub.due)).toBe('AUTHENTICATION_REQUIRED');

    const [invoice] = await invoicesOf(sub.id);
    expect(invoice?.status).toBe('UNPAID');
    expect(invoice?.last_payment_error).toMatch(/authenticate/);
  });

  it('an MFA deleted, or its owner deleted, ends the subscription at once: at the payment date nothing is charged or invoiced, and paying nothing reactivates it', async () => {
    const { userId } = await customer(['pm_card_visa']);
    const deletedMfa = await subscription(userId);
    const other = await customer(['pm_card_visa']);
    const ofDeletedUser = [await subscription(other.userId), await subscription(other.userId)];
    const charged = await newestChargeInSandbox();

    const mfaEvent = await publishTestEvent(producer, prefix, mfaDeleted, {
      mfaId: deletedMfa.mfaId,
      MFAType: 'MultiMFA',
      userId,
      number: null,
      deletedAt: new Date().toISOString(),
    });
    const userEvent = await publishTestEvent(producer, prefix, userDeleted, {
      userId: other.userId,
      userType: 'CUSTOMER',
      deletedBy: randomUUID(),
      deletedAt: new Date().toISOString(),
    });
    await eventually(async () => (await applied([mfaEvent, userEvent])) === 2, 'both deletions applied');

    for (const sub of [deletedMfa, ...ofDeletedUser]) {
      expect((await subscriptionRow(sub.id))?.status).toBe('ENDED');
      expect(await worker(sub.due).renew(sub.id, sub.due)).toBeNull();
      expect(await invoicesOf(sub.id)).toEqual([]);
      expect((await eventsOf(sub.id)).map((event) => event.type)).toEqual([]);
    }
    expect(await newestChargeInSandbox()).toBe(charged);
    const queued = await worker(new Date(deletedMfa.due.getTime() + DAY)).sweep();
    const dueIds: string[] = (
      await database.query(
        "SELECT id FROM subscription WHERE status = 'ACTIVE' AND next_payment_date <= $1",
        [new Date(deletedMfa.due.getTime() + DAY)],
      )
    ).map((row: { id: string }) => row.id);
    expect(queued).toBe(dueIds.length);
    for (const sub of [deletedMfa, ...ofDeletedUser]) expect(dueIds).not.toContain(sub.id);
  });

  it("charges once when Stripe's answers are lost (the SDK's own retries too): the retried renewal finds the charge, one PaymentIntent, one PAID invoice, the period moved once", async () => {
    const { userId } = await customer(['pm_card_visa']);
    const sub = await subscription(userId);
    await new SandboxClient(sandboxBase).setFault({ provider: 'stripe', dropAnswer: true, count: 3 });

    await expect(worker(sub.due).renew(sub.id, sub.due)).rejects.toThrow();
    expect((await subscriptionRow(sub.id))?.next_payment_date.getTime()).toBe(sub.due.getTime());
    const outcome = await worker(new Date(sub.due.getTime() + 60_000)).renew(sub.id, sub.due);

    expect(outcome).toBe('RENEWED');
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_cents])).toStrictEqual([['PAID', 500]]);
    expect(await paymentIntentsOf(sub.id)).toBe(1);
    const stripeCustomer = await database.query(
      'SELECT stripe_customer_id FROM stripe_customer WHERE user_id = $1',
      [userId],
    );
    const charges = (await (
      await fetch(`${sandboxBase}/v1/payment_intents?customer=${stripeCustomer[0].stripe_customer_id}`, {
        headers: { authorization: 'Bearer sk_test_multimfa_sandbox' },
      })
    ).json()) as { data: Array<{ id: string; status: string }> };
    expect(charges.data.map((charge) => [charge.id, charge.status])).toStrictEqual([
      [invoices[0]?.payment_intent_id, 'succeeded'],
    ]);
    expect((await subscriptionRow(sub.id))?.next_payment_date.getTime()).toBe(
      oneMonthAfter(sub.due).getTime(),
    );
    expect(
      (await eventsOf(sub.id)).filter((event) => event.type === 'billing.subscription.renewed'),
    ).toHaveLength(1);
    expect(await worker(new Date(sub.due.getTime() + 120_000)).renew(sub.id, sub.due)).toBeNull();
  });

  it('with auto-renewal off the subscription expires at the date without an invoice', async () => {
    const { userId } = await customer(['pm_card_visa']);
    const sub = await subscription(userId, false);

    expect(await worker(sub.due).renew(sub.id, sub.due)).toBe('AUTO_RENEWAL_OFF');

    expect((await subscriptionRow(sub.id))?.status).toBe('EXPIRED');
    expect(await invoicesOf(sub.id)).toStrictEqual([]);
    const expired = (await eventsOf(sub.id)).find((event) => event.type === 'billing.subscription.expired');
    expect(expired?.payload).toMatchObject({ reason: 'AUTO_RENEWAL_OFF', invoiceId: null });
  });

  it('usage events are metered once per event id (a redelivered event is not counted again), in the period of their time; GET usage answers the texts used of the allowance, and 404 for another user', async () => {
    const { userId } = await customer(['pm_card_visa']);
    const sub = await subscription(userId);
    const periodStart = new Date(sub.due.getTime() - 31 * DAY);
    const inPeriod = [1, 2, 3].map((n) => usageEvent(userId, sub, new Date(periodStart.getTime() + n * DAY)));
    const afterDue = usageEvent(userId, sub, new Date(sub.due.getTime() + 1000), 2);
    const all = [...inPeriod, afterDue];

    await deliver([
      ...inPeriod,
      inPeriod[0] as (typeof inPeriod)[0],
      afterDue,
      inPeriod[1] as (typeof inPeriod)[0],
    ]);
    await eventually(
      async () => (await applied(all.map((event) => event.eventId))) === all.length,
      'usage applied',
    );

    expect(await usageRows(sub.id)).toStrictEqual({
      [periodStart.toISOString()]: 3,
      [sub.due.toISOString()]: 2,
    });
    const usage = await call<UsageRecord>('GET', `/users/${userId}/mfas/${sub.mfaId}/usage`);
    expect(usage).toStrictEqual({
      status: 200,
      body: {
        mfaId: sub.mfaId,
        periodStart: periodStart.toISOString(),
        periodEnd: sub.due.toISOString(),
        textsUsed: 3,
        textsAllowed: 100,
        extraTextPriceCents: 2,
      },
    });
    expect((await call('GET', `/users/${randomUUID()}/mfas/${sub.mfaId}/usage`)).status).toBe(404);
  });

  it("the renewal bills the ended period's texts over the allowance once: 103 texts on Basic charge $5.06 (plan line and a 3 x $0.02 line), however many workers run it; texts after the date count in the new period", async () => {
    const { userId } = await customer(['pm_card_visa']);
    const sub = await subscription(userId);
    const periodStart = new Date(sub.due.getTime() - 31 * DAY);
    const events = [
      usageEvent(userId, sub, new Date(periodStart.getTime() + DAY), 100),
      usageEvent(userId, sub, new Date(sub.due.getTime() - 1000), 3),
      usageEvent(userId, sub, new Date(sub.due.getTime() + 1000), 1),
    ];
    await deliver(events);
    await eventually(
      async () => (await applied(events.map((event) => event.eventId))) === 3,
      'usage applied',
    );

    const outcomes = await Promise.all([
      worker(sub.due).renew(sub.id, sub.due),
      worker(sub.due).renew(sub.id, sub.due),
    ]);
    expect(outcomes.toSorted()).toStrictEqual(['RENEWED', null]);
    expect(await worker(new Date(sub.due.getTime() + DAY)).renew(sub.id, sub.due)).toBeNull();

    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_cents])).toStrictEqual([['PAID', 506]]);
    const lines: Array<{
      quantity: number;
      unit_price_cents: number;
      amount_cents: number;
    }> = await database.query(
      'SELECT quantity, unit_price_cents, amount_cents FROM invoice_line WHERE invoice_id = $1 ORDER BY line_no',
      [invoices[0]?.id],
    );
    expect(lines.map((line) => [line.quantity, line.unit_price_cents, line.amount_cents])).toStrictEqual([
      [1, 500, 500],
      [3, 2, 6],
    ]);
    const intent = (await (
      await fetch(`${sandboxBase}/v1/payment_intents/${invoices[0]?.payment_intent_id}`, {
        headers: { authorization: 'Bearer sk_test_multimfa_sandbox' },
      })
    ).json()) as { amount: number };
    expect(intent.amount).toBe(506);
    expect(await paymentIntentsOf(sub.id)).toBe(1);
    const listed = await call<InvoiceRecord[]>('GET', `/users/${userId}/invoices`);
    expect(listed.body[0]?.invoiceDescription).toContain('3 texts over the 100-text allowance');
    const usage = await call<UsageRecord>('GET', `/users/${userId}/mfas/${sub.mfaId}/usage`);
    expect([usage.body.periodStart, usage.body.textsUsed]).toStrictEqual([sub.due.toISOString(), 1]);
  });
});

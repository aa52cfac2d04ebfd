import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Outbox } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import {
  type EventDefinition,
  type EventEnvelope,
  mfaDeleted,
  mfaUpdated,
  type PayloadOf,
  usageCounted,
  userStatusChanged,
} from '@multimfa/events';
import { SandboxClient } from '@multimfa/provider-sandbox';
import type { SavedCard } from '@multimfa/service-contracts/billing';
import { FixedClock } from '@multimfa/service-runtime';
import type { INestApplication } from '@nestjs/common';
import type { Producer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { CardsRepository } from '../cards/cards.repository.js';
import { oneMonthAfter } from '../purchases/billing-period.rules.js';
import type { RenewalsQueue } from '../queue/renewals.queue.js';
import { type BillingTestApp, startBillingTestApp } from '../testing/billing-test-app.harness.js';
import { UsageRepository } from '../usage/usage.repository.js';
import { UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';
import { InvoiceChargeService } from './invoice-charge.service.js';
import { OverageService } from './overage.service.js';
import { RenewalsRepository } from './renewals.repository.js';
import { RenewalsService } from './renewals.service.js';

const DAY = 86_400_000;

describe('billing follows what exists: deactivated owners, and overage invoiced at the end of its period (real PostgreSQL, Redis, Kafka; Stripe in the sandbox; the clock moved)', () => {
  let billing: BillingTestApp;
  let prefix: string;
  let logger: BillingTestApp['logger'];
  let app: INestApplication;
  let call: BillingTestApp['call'];
  let database: DataSource;
  let producer: Producer;
  let sandboxBase: string;

  /** What a sweep queued, by job kind (the jobs are run by the test, as the worker would). */
  interface Queued {
    renewals: Array<{ subscriptionId: string; periodEnd: string }>;
    overage: Array<{ subscriptionId: string; periodStart: string }>;
  }

  /** A replica whose clock stands at `at`: its renewals, its overage invoices, and what its sweeps queue. */
  function replica(at: Date) {
    const queued: Queued = { renewals: [], overage: [] };
    const queue = {
      enqueue: async (jobs: Queued['renewals']) => {
        queued.renewals.push(...jobs);
      },
      enqueueOverage: async (jobs: Queued['overage']) => {
        queued.overage.push(...jobs);
      },
      scheduleSweep: async () => undefined,
    } as unknown as RenewalsQueue;
    const clock = new FixedClock(at);
    const renewals = new RenewalsService(
      app.get(RenewalsRepository),
      app.get(CardsRepository),
      app.get(InvoiceChargeService),
      queue,
      app.get(Outbox),
      clock,
      logger,
      app.get(UsageSettlementsRepository),
    );
    const overage = new OverageService(
      app.get(RenewalsRepository),
      app.get(UsageSettlementsRepository),
      app.get(UsageRepository),
      app.get(CardsRepository),
      app.get(InvoiceChargeService),
      queue,
      app.get(Outbox),
      clock,
      logger,
    );
    return {
      renewals,
      overage,
      queued,
      /**
       * One run of the sweep job as the worker runs it, then the queued jobs of these subscriptions
       * (the worker's): answers their outcomes, renewals first.
       */
      async sweepAndWork(subscriptionIds: string[]) {
        queued.renewals.length = 0;
        queued.overage.length = 0;
        await renewals.sweep();
        await overage.sweep();
        const outcomes: string[] = [];
        for (const job of queued.renewals.filter((entry) => subscriptionIds.includes(entry.subscriptionId)))
          outcomes.push(`renewal:${await renewals.renew(job.subscriptionId, new Date(job.periodEnd))}`);
        for (const job of queued.overage.filter((entry) => subscriptionIds.includes(entry.subscriptionId)))
          outcomes.push(`overage:${await overage.settle(job.subscriptionId, new Date(job.periodStart))}`);
        return outcomes;
      },
    };
  }

  /** A customer with a Stripe customer and a saved Visa card (the default). */
  async function customer(): Promise<{ userId: string; stripeCustomerId: string }> {
    const userId = randomUUID();
    const created = await call<{ stripeCustomerId: string }>('PUT', `/customers/${userId}`, {
      emailAddress: `overage-${userId.slice(0, 8)}@multimfa.test`,
      name: 'Ada Overage',
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const card = await call<SavedCard>(
      'POST',
      `/users/${userId}/customers/${created.body.stripeCustomerId}/cards`,
      { paymentMethodId: 'pm_card_visa' },
    );
    assert.equal(card.status, 200, JSON.stringify(card.body));
    return { userId, stripeCustomerId: created.body.stripeCustomerId };
  }

  /** An active Basic MultiMFA subscription ($5, 100 texts) whose period ends ten days from now. */
  async function subscription(
    userId: string,
    autoRenewal = true,
  ): Promise<{ id: string; mfaId: string; start: Date; due: Date }> {
    const id = randomUUID();
    const mfaId = randomUUID();
    const due = new Date(Math.floor((Date.now() + 10 * DAY) / 1000) * 1000);
    const start = new Date(due.getTime() - 31 * DAY);
    await database.query(
      `INSERT INTO subscription (id, user_id, mfa_id, mfa_type, plan_id, plan_name, base_price_cents,
         no_of_users, status, period_start, next_payment_date, auto_renewal)
       VALUES ($1, $2, $3, 'MultiMFA', 1, 'Basic', 500, 2, 'ACTIVE', $4, $5, $6)`,
      [id, userId, mfaId, start, due, autoRenewal],
    );
    return { id, mfaId, start, due };
  }

  async function subscriptionRow(id: string) {
    const rows: Array<{
      status: string;
      auto_renewal: boolean;
      plan_id: number;
      period_start: Date;
      next_payment_date: Date;
    }> = await database.query(
      'SELECT status, auto_renewal, plan_id, period_start, next_payment_date FROM subscription WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async function invoicesOf(subscriptionId: string) {
    const rows: Array<{
      id: string;
      status: string;
      amount_cents: number;
      description: string;
      payment_intent_id: string | null;
      last_payment_error: string | null;
    }> = await database.query(
      `SELECT id, status, amount_cents, description, payment_intent_id, last_payment_error
         FROM invoice WHERE subscription_id = $1 ORDER BY invoice_no`,
      [subscriptionId],
    );
    return rows;
  }

  /** The settlement rows of the subscription: usage period start, reason, state. */
  async function settlementsOf(subscriptionId: string) {
    const rows: Array<{ period_start: Date; reason: string; state: string }> = await database.query(
      'SELECT period_start, reason, state FROM usage_settlement WHERE subscription_id = $1 ORDER BY period_start',
      [subscriptionId],
    );
    return rows.map((row) => [row.period_start.toISOString(), row.reason, row.state]);
  }

  /** The PaymentIntents the sandbox's Stripe holds for the customer: amount and status. */
  async function chargesOf(stripeCustomerId: string): Promise<Array<[number, string]>> {
    const list = (await (
      await fetch(`${sandboxBase}/v1/payment_intents?customer=${stripeCustomerId}`, {
        headers: { authorization: 'Bearer sk_test_multimfa_sandbox' },
      })
    ).json()) as { data: Array<{ amount: number; status: string }> };
    return list.data.map((intent) => [intent.amount, intent.status]);
  }

  /** Messaging's usage events for `texts` texts of the subscription's MFA at `countedAt`; resolves when applied. */
  async function used(userId: string, sub: { id: string; mfaId: string }, texts: number, countedAt: Date) {
    const eventId = await publishTestEvent(producer, prefix, usageCounted, {
      usageId: randomUUID(),
      mfaId: sub.mfaId,
      userId,
      subscriptionId: sub.id,
      texts,
      countedAt: countedAt.toISOString(),
    });
    await applied([eventId]);
  }

  /** Waits until billing has applied the events (its record of processed events). */
  async function applied(eventIds: string[]): Promise<void> {
    await eventually(
      async () => {
        const rows: Array<{ n: number }> = await database.query(
          'SELECT count(*)::int AS n FROM processed_event WHERE event_id = ANY($1::uuid[])',
          [eventIds],
        );
        return rows[0]?.n === eventIds.length;
      },
      `events ${eventIds.join(', ')} applied`,
    );
  }

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 300; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what} did not happen`);
  }

  /** Identity's event: an administrator deactivated (false) or reactivated (true) the user. */
  async function statusChanged(userId: string, isActive: boolean): Promise<void> {
    await applied([
      await publishTestEvent(producer, prefix, userStatusChanged, {
        userId,
        isActive,
        changedBy: randomUUID(),
      }),
    ]);
  }

  /** An event in the envelope a service's relay sends, occurred at `occurredAt`. */
  function envelope<D extends EventDefinition>(
    definition: D,
    payload: PayloadOf<D>,
    occurredAt: Date,
  ): EventEnvelope<PayloadOf<D>> {
    const eventId = randomUUID();
    return {
      eventId,
      type: definition.type,
      version: definition.version,
      occurredAt: occurredAt.toISOString(),
      correlationId: `test-${eventId}`,
      causationId: null,
      key: definition.keyOf(payload),
      payload,
    };
  }

  beforeAll(async () => {
    billing = await startBillingTestApp('billing_overage');
    ({ prefix, logger, app, sandboxBase, database, producer, call } = billing);
  });

  afterAll(() => billing?.close());

  it('a deactivated user’s subscriptions stop renewing at once: auto-renewal off, and at the payment date the sweep charges nothing, the subscription expires; reactivation leaves auto-renewal off', async () => {
    const { userId, stripeCustomerId } = await customer();
    const subs = [await subscription(userId), await subscription(userId)];

    await statusChanged(userId, false);

    for (const sub of subs) expect((await subscriptionRow(sub.id))?.auto_renewal).toBe(false);
    // numbers' later update of the MFA (an echo of its own view) cannot switch it back on meanwhile.
    const echo = await publishTestEvent(producer, prefix, mfaUpdated, {
      mfaId: subs[0]?.mfaId ?? '',
      MFAType: 'MultiMFA',
      userId,
      name: 'Team',
      description: '',
      countryId: 1,
      countryIso: 'US',
      plan: { planId: 1, planName: 'Basic', basePrice: 5, noOfUsers: 2 },
      subscriptionId: subs[0]?.id ?? '',
      autoRenewal: true,
      nextPaymentDate: subs[0]?.due.toISOString() ?? '',
      isSubscriptionActive: true,
      isActive: true,
      number: null,
      purchaseId: null,
      updatedAt: new Date().toISOString(),
    });
    await applied([echo]);
    expect((await subscriptionRow(subs[0]?.id ?? ''))?.auto_renewal).toBe(false);

    const due = subs[1]?.due ?? new Date();
    const outcomes = await replica(due).sweepAndWork(subs.map((sub) => sub.id));

    expect(outcomes.filter((outcome) => outcome.startsWith('renewal:'))).toStrictEqual([
      'renewal:AUTO_RENEWAL_OFF',
      'renewal:AUTO_RENEWAL_OFF',
    ]);
    for (const sub of subs) {
      expect((await subscriptionRow(sub.id))?.status).toBe('EXPIRED');
      expect(await invoicesOf(sub.id)).toStrictEqual([]);
    }
    expect(await chargesOf(stripeCustomerId)).toStrictEqual([]);

    await statusChanged(userId, true);
    for (const sub of subs) expect((await subscriptionRow(sub.id))?.auto_renewal).toBe(false);
  });

  it('a status event delivered twice is applied once, an older reactivation does not undo a newer deactivation, and an owner deactivated whose auto-renewal was switched on again is still not charged by the sweep', async () => {
    const { userId, stripeCustomerId } = await customer();
    const sub = await subscription(userId);
    const deactivation = envelope(
      userStatusChanged,
      { userId, isActive: false, changedBy: randomUUID() },
      new Date(),
    );
    const olderReactivation = envelope(
      userStatusChanged,
      { userId, isActive: true, changedBy: randomUUID() },
      new Date(Date.now() - 60_000),
    );
    await producer.send({
      topic: `${prefix}${userStatusChanged.topic.name}`,
      messages: [deactivation, deactivation, olderReactivation].map((event) => ({
        key: event.key,
        value: JSON.stringify(event),
      })),
    });
    await applied([deactivation.eventId, olderReactivation.eventId]);
    const standing: Array<{ is_active: boolean }> = await database.query(
      'SELECT is_active FROM user_standing WHERE user_id = $1',
      [userId],
    );
    expect(standing).toStrictEqual([{ is_active: false }]);
    await database.query('UPDATE subscription SET auto_renewal = true WHERE id = $1', [sub.id]);

    expect(await replica(sub.due).sweepAndWork([sub.id])).toStrictEqual(['renewal:AUTO_RENEWAL_OFF']);

    expect((await subscriptionRow(sub.id))?.status).toBe('EXPIRED');
    expect(await invoicesOf(sub.id)).toStrictEqual([]);
    expect(await chargesOf(stripeCustomerId)).toStrictEqual([]);
  });

  it('auto-renewal off: at the period’s end the subscription expires without a renewal charge, and its 150 texts on Basic are invoiced once on their own ($1.00 for 50 texts over, charged off-session), however often the sweep runs', async () => {
    const { userId, stripeCustomerId } = await customer();
    const sub = await subscription(userId, false);
    await used(userId, sub, 100, new Date(sub.start.getTime() + DAY));
    await used(userId, sub, 50, new Date(sub.due.getTime() - 1000));

    const early = await replica(new Date(sub.due.getTime() - 60_000)).sweepAndWork([sub.id]);
    expect(early).toStrictEqual([]);
    const atDue = replica(sub.due);
    expect(await atDue.sweepAndWork([sub.id])).toStrictEqual(['renewal:AUTO_RENEWAL_OFF']);
    // A minute later the sweep finds the ended period's usage to invoice; later sweeps find it done.
    const later = replica(new Date(sub.due.getTime() + 60_000));
    expect(await later.sweepAndWork([sub.id])).toStrictEqual(['overage:PAID']);
    expect(await later.sweepAndWork([sub.id])).toStrictEqual([]);
    expect(await later.overage.settle(sub.id, sub.start)).toBeNull();

    expect((await subscriptionRow(sub.id))?.status).toBe('EXPIRED');
    const invoices = await invoicesOf(sub.id);
    expect(
      invoices.map((invoice) => [invoice.status, invoice.amount_cents, invoice.description]),
    ).toStrictEqual([
      [
        'PAID',
        100,
        `MultiMFA Basic plan, 50 texts over the 100-text allowance, ${sub.start.toISOString().slice(0, 10)} to ${sub.due.toISOString().slice(0, 10)}`,
      ],
    ]);
    expect(await chargesOf(stripeCustomerId)).toStrictEqual([[100, 'succeeded']]);
    expect(await settlementsOf(sub.id)).toStrictEqual([[sub.start.toISOString(), 'NOT_RENEWED', 'INVOICED']]);
  });

  it('an MFA deleted mid-period: nothing is charged at the deletion or for the plan, and at the period’s end the texts over the allowance it actually received are invoiced and charged once', async () => {
    const { userId, stripeCustomerId } = await customer();
    const sub = await subscription(userId);
    await used(userId, sub, 160, new Date(sub.start.getTime() + 2 * DAY));
    const deletion = await publishTestEvent(producer, prefix, mfaDeleted, {
      mfaId: sub.mfaId,
      MFAType: 'MultiMFA',
      userId,
      number: null,
      deletedAt: new Date().toISOString(),
    });
    await applied([deletion]);
    expect((await subscriptionRow(sub.id))?.status).toBe('ENDED');
    expect(await settlementsOf(sub.id)).toStrictEqual([[sub.start.toISOString(), 'ENDED', 'PENDING']]);

    expect(await replica(new Date(sub.due.getTime() - 60_000)).sweepAndWork([sub.id])).toStrictEqual([]);
    expect(await invoicesOf(sub.id)).toStrictEqual([]);
    const atDue = replica(sub.due);
    expect(await atDue.sweepAndWork([sub.id])).toStrictEqual(['overage:PAID']);
    expect(await atDue.sweepAndWork([sub.id])).toStrictEqual([]);

    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_cents])).toStrictEqual([['PAID', 120]]);
    expect(await chargesOf(stripeCustomerId)).toStrictEqual([[120, 'succeeded']]);
    expect((await subscriptionRow(sub.id))?.status).toBe('ENDED');
  });

  it('an MFA deleted mid-period within its allowance is charged nothing at all: no invoice', async () => {
    const { userId, stripeCustomerId } = await customer();
    const sub = await subscription(userId);
    await used(userId, sub, 40, new Date(sub.start.getTime() + 2 * DAY));
    await applied([
      await publishTestEvent(producer, prefix, mfaDeleted, {
        mfaId: sub.mfaId,
        MFAType: 'MultiMFA',
        userId,
        number: null,
        deletedAt: new Date().toISOString(),
      }),
    ]);

    expect(await replica(sub.due).sweepAndWork([sub.id])).toStrictEqual(['overage:NOTHING_OVER']);

    expect(await invoicesOf(sub.id)).toStrictEqual([]);
    expect(await chargesOf(stripeCustomerId)).toStrictEqual([]);
  });

  it('a retried sweep does not charge twice: Stripe’s answers lost, the job fails, the next sweep queues it again and the retry finds the charge: one PaymentIntent, one PAID overage invoice', async () => {
    const { userId, stripeCustomerId } = await customer();
    const sub = await subscription(userId, false);
    await used(userId, sub, 150, new Date(sub.start.getTime() + DAY));
    expect(await replica(sub.due).sweepAndWork([sub.id])).toStrictEqual(['renewal:AUTO_RENEWAL_OFF']);
    await new SandboxClient(sandboxBase).setFault({ provider: 'stripe', dropAnswer: true, count: 3 });

    const first = replica(new Date(sub.due.getTime() + 60_000));
    await expect(first.sweepAndWork([sub.id])).rejects.toThrow();
    expect(await settlementsOf(sub.id)).toStrictEqual([[sub.start.toISOString(), 'NOT_RENEWED', 'CHARGING']]);
    const again = new Date(sub.due.getTime() + 120_000);
    const outcomes = await Promise.all([
      replica(again).sweepAndWork([sub.id]),
      replica(again).sweepAndWork([sub.id]),
    ]);

    expect(outcomes.flat().toSorted()).toStrictEqual(['overage:PAID', 'overage:null'].toSorted());
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_cents])).toStrictEqual([['PAID', 100]]);
    expect(await chargesOf(stripeCustomerId)).toStrictEqual([[100, 'succeeded']]);
    expect(invoices[0]?.payment_intent_id).toMatch(/^pi_/);
    expect(await replica(new Date(sub.due.getTime() + DAY)).sweepAndWork([sub.id])).toStrictEqual([]);
  });

  it('a deactivated owner’s overage is invoiced at the period’s end but not charged: the invoice stays UNPAID with the reason', async () => {
    const { userId, stripeCustomerId } = await customer();
    const sub = await subscription(userId);
    await used(userId, sub, 130, new Date(sub.start.getTime() + DAY));
    await statusChanged(userId, false);

    expect(await replica(sub.due).sweepAndWork([sub.id])).toStrictEqual(['renewal:AUTO_RENEWAL_OFF']);
    expect(await replica(new Date(sub.due.getTime() + 60_000)).sweepAndWork([sub.id])).toStrictEqual([
      'overage:NOT_CHARGED',
    ]);

    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.amount_cents])).toStrictEqual([['UNPAID', 60]]);
    expect(invoices[0]?.last_payment_error).toMatch(/deactivated/);
    expect(await chargesOf(stripeCustomerId)).toStrictEqual([]);
  });

  it('a renewal bills the ended period’s texts over the allowance on its own invoice and no overage invoice follows', async () => {
    const { userId, stripeCustomerId } = await customer();
    const sub = await subscription(userId);
    await used(userId, sub, 102, new Date(sub.start.getTime() + DAY));

    expect(await replica(sub.due).sweepAndWork([sub.id])).toStrictEqual(['renewal:RENEWED']);
    expect(await replica(new Date(sub.due.getTime() + 60_000)).sweepAndWork([sub.id])).toStrictEqual([]);

    expect((await invoicesOf(sub.id)).map((invoice) => invoice.amount_cents)).toStrictEqual([504]);
    expect(await chargesOf(stripeCustomerId)).toStrictEqual([[504, 'succeeded']]);
    expect(await settlementsOf(sub.id)).toStrictEqual([[sub.start.toISOString(), 'RENEWAL', 'IN_RENEWAL']]);
  });

  it('a plan changed mid-period: the texts over the old plan’s allowance before the change are invoiced once on their own, and the new period starts from nothing', async () => {
    const { userId, stripeCustomerId } = await customer();
    const sub = await subscription(userId);
    await used(userId, sub, 140, new Date(Date.now() - DAY));

    const checkout = await call<{ paymentIntentId: string; clientSecret: string; amountCents: number }>(
      'POST',
      `/users/${userId}/checkouts`,
      { MFAType: 'MultiMFA', planId: 2, upgradeMfaId: sub.mfaId },
    );
    assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
    const confirmed = (await (
      await fetch(`${sandboxBase}/v1/payment_intents/${checkout.body.paymentIntentId}/confirm`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer pk_test_multimfa_sandbox',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          client_secret: checkout.body.clientSecret,
          payment_method: 'pm_card_visa',
          return_url: 'http://127.0.0.1:1/success',
        }).toString(),
      })
    ).json()) as { status: string };
    assert.equal(confirmed.status, 'succeeded');
    const completed = await call('POST', `/users/${userId}/purchases/complete`, {
      paymentIntentId: checkout.body.paymentIntentId,
    });
    assert.equal(completed.status, 200, JSON.stringify(completed.body));
    const changed = await subscriptionRow(sub.id);
    expect(changed?.plan_id).toBe(2);

    // The billing app's own worker may settle it first (its sweep runs every minute with the real clock).
    const now = replica(new Date(Date.now() + 1000));
    await now.sweepAndWork([sub.id]);
    await now.sweepAndWork([sub.id]);

    const overage = (await invoicesOf(sub.id)).filter((invoice) => invoice.description.includes('over the'));
    expect(overage.map((invoice) => [invoice.status, invoice.amount_cents])).toStrictEqual([['PAID', 80]]);
    expect(overage[0]?.description).toContain('MultiMFA Basic plan, 40 texts over the 100-text allowance');
    expect(await settlementsOf(sub.id)).toStrictEqual([
      [sub.start.toISOString(), 'PLAN_CHANGED', 'INVOICED'],
    ]);
    expect((await chargesOf(stripeCustomerId)).filter(([amount]) => amount === 80)).toStrictEqual([
      [80, 'succeeded'],
    ]);

    // At the new period's end the renewal bills the new plan's period only (nothing of the old usage).
    const due = changed?.next_payment_date ?? new Date();
    expect(await replica(due).sweepAndWork([sub.id])).toStrictEqual(['renewal:RENEWED']);
    const renewal = (await invoicesOf(sub.id)).at(-1);
    expect([renewal?.status, renewal?.amount_cents]).toStrictEqual(['PAID', 1500]);
    expect((await subscriptionRow(sub.id))?.next_payment_date.getTime()).toBe(oneMonthAfter(due).getTime());
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { createLogger, FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import type { CardsRepository } from '../cards/cards.repository.js';
import type { Subscription } from '../purchases/subscription.entity.js';
import type { RenewalsQueue } from '../queue/renewals.queue.js';
import type { PaymentsProvider } from '../stripe/payments-provider.port.js';
import type { InvoiceLineDraft } from '../usage/usage.rules.js';
import type { UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';
import { InvoiceChargeService } from './invoice-charge.service.js';
import type { RenewalsRepository } from './renewals.repository.js';
import { RenewalsService } from './renewals.service.js';

const PERIOD_START = new Date('2026-01-15T09:30:00Z');
const DUE = new Date('2026-02-15T09:30:00Z');

/**
 * A Basic MultiMFA ($5, 100 texts) due at DUE that used `texts` in the period ending then. `owner`
 * says whether billing may charge its owner at each ask (deactivated: false); `claimed` whether the
 * period's usage was claimed already by another path.
 */
function setup(
  texts: number,
  now: Date,
  options: { autoRenewal?: boolean; owner?: boolean[]; claimed?: boolean } = {},
) {
  const subscription = {
    id: 'a1f5d7a4-1b9c-4c1e-8a4e-2b6f0e9d7c11',
    userId: '6f1c3c59-5c3e-4b8e-9b38-1b8a0e6f3a11',
    mfaId: '0b8f7c2e-3a55-4d2c-9a51-8f6b1a2c3d4e',
    mfaType: 'MultiMFA',
    planId: 1,
    planName: 'Basic',
    basePriceCents: 500,
    status: 'ACTIVE',
    periodStart: PERIOD_START,
    nextPaymentDate: DUE,
    autoRenewal: options.autoRenewal ?? true,
  } as Subscription;
  const charges: Array<{ amountCents: number; idempotencyKey: string }> = [];
  const invoices: Array<{ amountCents: number; description: string }> = [];
  const lines: InvoiceLineDraft[] = [];
  const usageAsked: Date[] = [];
  const scheduled: Array<{ ids: string[]; reason: string; periodEnd: unknown }> = [];
  const claims: Array<{ periodStart: Date; periodEnd: Date }> = [];
  const expired: string[] = [];
  const ownerAnswers = [...(options.owner ?? [])];
  /** The period's renewal row as the three steps leave it. */
  let renewal: { outcome: string; invoiceId: string | null } | null = null;
  const renewals = {
    transaction: <T>(work: (manager: EntityManager) => Promise<T>) => work({} as EntityManager),
    lockSubscription: async () => ({ ...subscription }),
    findRenewal: async () => renewal,
    recordRenewal: async (_m: EntityManager, row: { outcome: string; invoiceId: string | null }) => {
      renewal = { outcome: row.outcome, invoiceId: row.invoiceId };
      return true;
    },
    periodUsage: async (_m: EntityManager, _s: unknown, periodStart: Date) => {
      usageAsked.push(periodStart);
      return { texts, allowance: { textsPerMonth: 100, extraTextPriceCents: 2 } };
    },
    insertInvoice: async (_m: EntityManager, invoice: { amountCents: number; description: string }) => {
      invoices.push(invoice);
      return { id: 'inv-1', invoiceNo: 'INV-000007' };
    },
    insertLines: async (_m: EntityManager, _id: string, written: InvoiceLineDraft[]) => {
      lines.push(...written);
    },
    customer: async () => ({ stripeCustomerId: 'cus_1', emailAddress: 'ada@multimfa.test' }),
    finishRenewal: async (_m: EntityManager, row: { outcome: string; invoiceId: string | null }) => {
      renewal = { outcome: row.outcome, invoiceId: row.invoiceId };
    },
    markInvoicePaid: async () => undefined,
    recordInvoiceFailure: async () => undefined,
    updateSubscription: async (_m: EntityManager, _id: string, change: { status?: string }) => {
      if (change.status) expired.push(change.status);
    },
    ownerMayBeCharged: async () => ownerAnswers.shift() ?? true,
  };
  const settlements = {
    schedule: async (_m: EntityManager, ids: string[], reason: string, periodEnd: unknown) => {
      scheduled.push({ ids, reason, periodEnd });
      return ids.length;
    },
    claimForRenewal: async (_m: EntityManager, claim: { periodStart: Date; periodEnd: Date }) => {
      claims.push({ periodStart: claim.periodStart, periodEnd: claim.periodEnd });
      return !options.claimed;
    },
    update: async () => undefined,
  };
  const service = new RenewalsService(
    renewals as unknown as RenewalsRepository,
    { findDefault: async () => ({ id: 'pm_1' }) } as unknown as CardsRepository,
    new InvoiceChargeService(
      {
        chargeOffSession: async (input: { amountCents: number; idempotencyKey: string }) => {
          charges.push({ amountCents: input.amountCents, idempotencyKey: input.idempotencyKey });
          return { id: 'pi_1', status: 'succeeded' };
        },
      } as unknown as PaymentsProvider,
      renewals as unknown as RenewalsRepository,
    ),
    {} as RenewalsQueue,
    { publish: async () => undefined } as unknown as Outbox,
    new FixedClock(now),
    createLogger('billing', 'silent'),
    settlements as unknown as UsageSettlementsRepository,
  );
  return { service, subscription, charges, invoices, lines, usageAsked, scheduled, claims, expired };
}

describe('renewal with usage over the allowance (the clock injected)', () => {
  it('a minute before the payment date nothing is charged; at the date the plan plus 2 cents per text over 100 is charged for the period that ended', async () => {
    const early = setup(130, new Date(DUE.getTime() - 60_000));
    assert.equal(await early.service.renew(early.subscription.id, DUE), null);
    assert.deepEqual(early.charges, []);

    const due = setup(130, DUE);
    assert.equal(await due.service.renew(due.subscription.id, DUE), 'RENEWED');
    assert.deepEqual(due.usageAsked, [PERIOD_START]);
    assert.deepEqual(due.charges, [
      { amountCents: 560, idempotencyKey: `renewal-${due.subscription.id}-${DUE.getTime()}` },
    ]);
    assert.deepEqual(
      due.lines.map((line) => [line.quantity, line.unitPriceCents, line.amountCents]),
      [
        [1, 500, 500],
        [30, 2, 60],
      ],
    );
    assert.deepEqual(due.invoices, [
      {
        userId: due.subscription.userId,
        subscriptionId: due.subscription.id,
        amountCents: 560,
        description:
          'MultiMFA Basic plan, renewal 2026-02-15 to 2026-03-15; 30 texts over the 100-text allowance, 2026-01-15 to 2026-02-15',
        invoiceDate: DUE,
      },
    ]);
  });

  it('a period within the allowance is charged the plan price alone, with one line', async () => {
    const { service, subscription, charges, lines } = setup(100, DUE);
    assert.equal(await service.renew(subscription.id, DUE), 'RENEWED');
    assert.deepEqual(
      charges.map((charge) => charge.amountCents),
      [500],
    );
    assert.equal(lines.length, 1);
  });
});

describe('renewal of a subscription that does not renew, or whose owner billing may not charge (the clock injected)', () => {
  it('an owner deactivated before the payment date is not charged: the subscription expires as with auto-renewal off and its texts over the allowance are scheduled for an overage invoice at the date', async () => {
    const { service, subscription, charges, invoices, scheduled, expired } = setup(130, DUE, {
      owner: [false],
    });

    assert.equal(await service.renew(subscription.id, DUE), 'AUTO_RENEWAL_OFF');

    assert.deepEqual(charges, []);
    assert.deepEqual(invoices, []);
    assert.deepEqual(expired, ['EXPIRED']);
    assert.deepEqual(scheduled, [
      { ids: [subscription.id], reason: 'NOT_RENEWED', periodEnd: 'payment-date' },
    ]);
  });

  it('auto-renewal off: no renewal charge, and the ended period is scheduled for its own overage invoice', async () => {
    const { service, subscription, charges, scheduled } = setup(130, DUE, { autoRenewal: false });

    assert.equal(await service.renew(subscription.id, DUE), 'AUTO_RENEWAL_OFF');

    assert.deepEqual(charges, []);
    assert.deepEqual(
      scheduled.map((entry) => entry.reason),
      ['NOT_RENEWED'],
    );
  });

  it('an owner deactivated after the reservation and before the charge is not charged: the renewal invoice stays UNPAID and the subscription expires', async () => {
    const { service, subscription, charges, invoices, expired } = setup(100, DUE, { owner: [true, false] });

    assert.equal(await service.renew(subscription.id, DUE), 'AUTO_RENEWAL_OFF');

    assert.deepEqual(charges, []);
    assert.equal(invoices.length, 1);
    assert.deepEqual(expired, ['EXPIRED']);
  });

  it('the renewal claims the ended period for its invoice; a period claimed already is not billed again (plan line only)', async () => {
    const fresh = setup(130, DUE);
    assert.equal(await fresh.service.renew(fresh.subscription.id, DUE), 'RENEWED');
    assert.deepEqual(fresh.claims, [{ periodStart: PERIOD_START, periodEnd: DUE }]);
    assert.deepEqual(
      fresh.charges.map((charge) => charge.amountCents),
      [560],
    );

    const claimed = setup(130, DUE, { claimed: true });
    assert.equal(await claimed.service.renew(claimed.subscription.id, DUE), 'RENEWED');
    assert.deepEqual(
      claimed.charges.map((charge) => charge.amountCents),
      [500],
    );
    assert.equal(claimed.lines.length, 1);
  });
});

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
import type { RenewalsRepository } from './renewals.repository.js';
import { RenewalsService } from './renewals.service.js';

const PERIOD_START = new Date('2026-01-15T09:30:00Z');
const DUE = new Date('2026-02-15T09:30:00Z');

/** A Basic MultiMFA ($5, 100 texts) due at DUE that used `texts` in the period ending then. */
function setup(texts: number, now: Date) {
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
    autoRenewal: true,
  } as Subscription;
  const charges: Array<{ amountCents: number; idempotencyKey: string }> = [];
  const invoices: Array<{ amountCents: number; description: string }> = [];
  const lines: InvoiceLineDraft[] = [];
  const usageAsked: Date[] = [];
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
    updateSubscription: async () => undefined,
  };
  const service = new RenewalsService(
    renewals as unknown as RenewalsRepository,
    { findDefault: async () => ({ id: 'pm_1' }) } as unknown as CardsRepository,
    {
      chargeOffSession: async (input: { amountCents: number; idempotencyKey: string }) => {
        charges.push({ amountCents: input.amountCents, idempotencyKey: input.idempotencyKey });
        return { id: 'pi_1', status: 'succeeded' };
      },
    } as unknown as PaymentsProvider,
    {} as RenewalsQueue,
    { publish: async () => undefined } as unknown as Outbox,
    new FixedClock(now),
    createLogger('billing', 'silent'),
  );
  return { service, subscription, charges, invoices, lines, usageAsked };
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

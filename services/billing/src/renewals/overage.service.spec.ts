import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { createLogger, FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import type { CardsRepository } from '../cards/cards.repository.js';
import type { RenewalsQueue } from '../queue/renewals.queue.js';
import type { PaymentsProvider } from '../stripe/payments-provider.port.js';
import type { UsageRepository } from '../usage/usage.repository.js';
import type { InvoiceLineDraft } from '../usage/usage.rules.js';
import type { SettlementState } from '../usage/usage-settlement.entity.js';
import type { UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';
import { InvoiceChargeService } from './invoice-charge.service.js';
import { OverageService, overagePaymentKey } from './overage.service.js';
import { OWNER_INACTIVE_MESSAGE } from './renewals.errors.js';
import type { RenewalsRepository } from './renewals.repository.js';

const SUBSCRIPTION = 'a1f5d7a4-1b9c-4c1e-8a4e-2b6f0e9d7c11';
const USER = '6f1c3c59-5c3e-4b8e-9b38-1b8a0e6f3a11';
const PERIOD_START = new Date('2026-01-15T09:30:00Z');
const PERIOD_END = new Date('2026-02-15T09:30:00Z');

/**
 * A settlement of the period PERIOD_START..`periodEnd` of a Basic MultiMFA ($0.02 per text over
 * `allowance`), that received `texts`; the clock at `now` (moved with `clock.set`).
 */
function setup(
  texts: number,
  now: Date,
  options: {
    allowance?: number;
    periodEnd?: Date;
    state?: SettlementState;
    owner?: boolean;
    charge?: 'succeeds' | 'lost';
    earlierCharge?: boolean;
  } = {},
) {
  const settlement = {
    subscriptionId: SUBSCRIPTION,
    periodStart: PERIOD_START,
    periodEnd: options.periodEnd ?? PERIOD_END,
    reason: 'NOT_RENEWED',
    planLabel: 'MultiMFA Basic',
    textsPerMonth: options.allowance ?? 100,
    extraTextPriceCents: 2,
    state: options.state ?? ('PENDING' as SettlementState),
    invoiceId: null as string | null,
  };
  const invoices: Array<{ id: string; amountCents: number; description: string; status: string }> = [];
  const lines: InvoiceLineDraft[] = [];
  const charges: Array<{ amountCents: number; idempotencyKey: string; invoiceId: string | undefined }> = [];
  let chargeMode = options.charge ?? 'succeeds';
  const failures: string[] = [];
  const renewals = {
    transaction: <T>(work: (manager: EntityManager) => Promise<T>) => work({} as EntityManager),
    lockSubscription: async () => ({ id: SUBSCRIPTION, userId: USER }),
    customer: async () => ({ stripeCustomerId: 'cus_1', emailAddress: 'ada@multimfa.test' }),
    findInvoice: async (_m: EntityManager, id: string) => {
      const invoice = invoices.find((row) => row.id === id);
      return invoice ? { ...invoice, invoiceNo: 'INV-000009', invoiceDate: PERIOD_END } : null;
    },
    insertInvoice: async (_m: EntityManager, invoice: { amountCents: number; description: string }) => {
      const id = `inv-${invoices.length + 1}`;
      invoices.push({
        id,
        amountCents: invoice.amountCents,
        description: invoice.description,
        status: 'UNPAID',
      });
      return { id, invoiceNo: 'INV-000009' };
    },
    insertLines: async (_m: EntityManager, _id: string, written: InvoiceLineDraft[]) => {
      lines.push(...written);
    },
    ownerMayBeCharged: async () => options.owner ?? true,
    markInvoicePaid: async (_m: EntityManager, id: string) => {
      const invoice = invoices.find((row) => row.id === id);
      if (invoice) invoice.status = 'PAID';
    },
    recordInvoiceFailure: async (_m: EntityManager, _id: string, message: string) => {
      failures.push(message);
    },
  };
  const settlements = {
    lock: async () => ({ ...settlement }),
    update: async (
      _m: EntityManager,
      _key: unknown,
      change: { state: SettlementState; invoiceId?: string },
    ) => {
      settlement.state = change.state;
      if (change.invoiceId !== undefined) settlement.invoiceId = change.invoiceId;
    },
  };
  const clock = new FixedClock(now);
  const service = new OverageService(
    renewals as unknown as RenewalsRepository,
    settlements as unknown as UsageSettlementsRepository,
    { texts: async () => texts } as unknown as UsageRepository,
    { findDefault: async () => ({ id: 'pm_1' }) } as unknown as CardsRepository,
    new InvoiceChargeService(
      {
        chargeOffSession: async (input: {
          amountCents: number;
          idempotencyKey: string;
          metadata: Record<string, string>;
        }) => {
          charges.push({
            amountCents: input.amountCents,
            idempotencyKey: input.idempotencyKey,
            invoiceId: input.metadata.invoiceId,
          });
          if (chargeMode === 'lost') throw new Error('socket hang up');
          return { id: `pi_${charges.length}`, status: 'succeeded' };
        },
        findCharge: async () => (options.earlierCharge ? { id: 'pi_earlier', status: 'succeeded' } : null),
      } as unknown as PaymentsProvider,
      renewals as unknown as RenewalsRepository,
    ),
    {} as RenewalsQueue,
    { publish: async () => undefined } as unknown as Outbox,
    clock,
    createLogger('billing', 'silent'),
  );
  return {
    service,
    settlement,
    invoices,
    lines,
    charges,
    failures,
    clock,
    answerCharges: (mode: 'succeeds' | 'lost') => {
      chargeMode = mode;
    },
  };
}

describe('overage invoice at the end of a period no renewal carries (the clock injected)', () => {
  it('a minute before the period ends nothing is invoiced; at its end the texts over the allowance are invoiced alone and charged off-session under the period’s key', async () => {
    const early = setup(130, new Date(PERIOD_END.getTime() - 60_000));
    assert.equal(await early.service.settle(SUBSCRIPTION, PERIOD_START), null);
    assert.deepEqual([early.invoices, early.charges, early.settlement.state], [[], [], 'PENDING']);

    const due = setup(130, PERIOD_END);
    assert.equal(await due.service.settle(SUBSCRIPTION, PERIOD_START), 'PAID');
    assert.deepEqual(due.invoices, [
      {
        id: 'inv-1',
        amountCents: 60,
        description: 'MultiMFA Basic plan, 30 texts over the 100-text allowance, 2026-01-15 to 2026-02-15',
        status: 'PAID',
      },
    ]);
    assert.deepEqual(
      due.lines.map((line) => [line.quantity, line.unitPriceCents, line.amountCents]),
      [[30, 2, 60]],
    );
    assert.deepEqual(due.charges, [
      {
        amountCents: 60,
        idempotencyKey: `overage-${SUBSCRIPTION}-${PERIOD_START.getTime()}`,
        invoiceId: 'inv-1',
      },
    ]);
    assert.equal(due.settlement.state, 'INVOICED');
  });

  it('a period within its allowance issues no invoice and charges nothing', async () => {
    const { service, invoices, charges, settlement } = setup(100, PERIOD_END);

    assert.equal(await service.settle(SUBSCRIPTION, PERIOD_START), 'NOTHING_OVER');

    assert.deepEqual([invoices, charges, settlement.state], [[], [], 'NOTHING_OVER']);
  });

  it('texts over the allowance that come to less than a card can be charged ($0.50) are waived: no invoice, no charge', async () => {
    const { service, invoices, charges, settlement } = setup(124, PERIOD_END);

    assert.equal(await service.settle(SUBSCRIPTION, PERIOD_START), 'BELOW_MINIMUM');

    assert.deepEqual([invoices, charges, settlement.state], [[], [], 'BELOW_MINIMUM']);
    assert.equal(await setup(125, PERIOD_END).service.settle(SUBSCRIPTION, PERIOD_START), 'PAID');
  });

  it('a period settled already (or carried by its renewal) is not invoiced or charged again', async () => {
    for (const state of ['INVOICED', 'IN_RENEWAL', 'NOTHING_OVER'] as const) {
      const { service, invoices, charges } = setup(130, PERIOD_END, { state });
      assert.equal(await service.settle(SUBSCRIPTION, PERIOD_START), null);
      assert.deepEqual([invoices, charges], [[], []]);
    }
  });

  it('a retry after a lost answer charges the reserved invoice again with the same amount and key, and once Stripe is found to have charged it, does not charge it again', async () => {
    const run = setup(130, PERIOD_END, { charge: 'lost' });

    await assert.rejects(run.service.settle(SUBSCRIPTION, PERIOD_START), /socket hang up/);
    assert.deepEqual([run.settlement.state, run.settlement.invoiceId], ['CHARGING', 'inv-1']);
    run.answerCharges('succeeds');
    assert.equal(await run.service.settle(SUBSCRIPTION, PERIOD_START), 'PAID');

    assert.equal(run.invoices.length, 1);
    assert.deepEqual(
      run.charges.map((charge) => [charge.amountCents, charge.idempotencyKey, charge.invoiceId]),
      [
        [60, overagePaymentKey(SUBSCRIPTION, PERIOD_START), 'inv-1'],
        [60, overagePaymentKey(SUBSCRIPTION, PERIOD_START), 'inv-1'],
      ],
    );

    const found = setup(130, PERIOD_END, { charge: 'lost', earlierCharge: true });
    await assert.rejects(found.service.settle(SUBSCRIPTION, PERIOD_START));
    assert.equal(await found.service.settle(SUBSCRIPTION, PERIOD_START), 'PAID');
    assert.equal(found.charges.length, 1);
    assert.equal(found.invoices[0]?.status, 'PAID');
  });

  it('an owner deactivated (or deleted) is not charged: the overage invoice is issued UNPAID, payable from Invoice Management', async () => {
    const { service, invoices, charges, failures } = setup(130, PERIOD_END, { owner: false });

    assert.equal(await service.settle(SUBSCRIPTION, PERIOD_START), 'NOT_CHARGED');

    assert.deepEqual(charges, []);
    assert.deepEqual(
      invoices.map((invoice) => [invoice.amountCents, invoice.status]),
      [[60, 'UNPAID']],
    );
    assert.deepEqual(failures, [OWNER_INACTIVE_MESSAGE]);
  });

  it('the part of a period before a plan change is billed over the old plan’s allowance, up to the change', async () => {
    const changedAt = new Date('2026-01-25T12:00:00Z');
    const { service, invoices, charges } = setup(530, changedAt, { allowance: 500, periodEnd: changedAt });

    assert.equal(await service.settle(SUBSCRIPTION, PERIOD_START), 'PAID');

    assert.deepEqual(
      invoices.map((invoice) => [invoice.amountCents, invoice.description]),
      [[60, 'MultiMFA Basic plan, 30 texts over the 500-text allowance, 2026-01-15 to 2026-01-25']],
    );
    assert.equal(charges.length, 1);
  });
});

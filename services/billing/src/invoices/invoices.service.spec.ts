import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { createLogger, DomainError, FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import type { CardsRepository } from '../cards/cards.repository.js';
import type { SavedCardRow } from '../cards/saved-card.entity.js';
import type { CustomersService } from '../customers/customers.service.js';
import type { Invoice } from '../purchases/invoice.entity.js';
import {
  CardAuthenticationRequired,
  CardRejected,
  type PaymentsProvider,
} from '../stripe/payments-provider.port.js';
import type { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

const USER = '6f1c3c59-5c3e-4b8e-9b38-1b8a0e6f3a11';
const INVOICE = '0b8f7c2e-3a55-4d2c-9a51-8f6b1a2c3d4e';

/** The invoice row and what the service wrote to it (the SQL is covered by the gateway's integration tests). */
function setup(charges: Array<'succeed' | 'decline' | 'authenticate' | 'network'>) {
  const invoice = {
    id: INVOICE,
    invoiceNo: 'INV-000042',
    userId: USER,
    subscriptionId: 'a1f5d7a4-1b9c-4c1e-8a4e-2b6f0e9d7c11',
    amountCents: 1500,
    status: 'UNPAID',
    paymentAttempts: 0,
    description: 'MultiMFA Basic plan, renewal',
    invoiceDate: new Date('2026-01-01T00:00:00Z'),
    paidAt: null,
  } as unknown as Invoice;
  const keys: string[] = [];
  const published: unknown[] = [];
  const invoices = {
    transaction: <T>(work: (manager: EntityManager) => Promise<T>) => work({} as EntityManager),
    lock: async () => ({ ...invoice }),
    list: async () => [invoice],
    markPaid: async (_m: EntityManager, _id: string, payment: { paidAt: Date; attempts: number }) => {
      Object.assign(invoice, { status: 'PAID', paidAt: payment.paidAt, paymentAttempts: payment.attempts });
    },
    recordFailure: async (_m: EntityManager, _id: string, attempts: number) => {
      invoice.paymentAttempts = attempts;
    },
  };
  const payments = {
    // No earlier try of these charged: a 'network' failure here never reached Stripe.
    findCharge: async () => null,
    chargeOffSession: async (input: { idempotencyKey: string }) => {
      keys.push(input.idempotencyKey);
      const next = charges.shift();
      if (next === 'decline') throw new CardRejected('Your card was declined.', 'card_declined');
      if (next === 'authenticate') throw new CardAuthenticationRequired('pi_1');
      if (next === 'network') throw new Error('socket hang up');
      return { id: 'pi_paid', status: 'succeeded' };
    },
  };
  const service = new InvoicesService(
    invoices as unknown as InvoicesRepository,
    { find: async () => ({ id: 'pm_1', userId: USER }) as SavedCardRow } as unknown as CardsRepository,
    { find: async () => ({ userId: USER, stripeCustomerId: 'cus_1' }) } as unknown as CustomersService,
    payments as unknown as PaymentsProvider,
    {
      publish: async (_m: unknown, _e: unknown, payload: unknown) => void published.push(payload),
    } as unknown as Outbox,
    new FixedClock(),
    createLogger('billing', 'silent'),
    { afterInvoicePaid: async () => undefined },
  );
  return { service, invoice, keys, published };
}

describe('InvoicesService.pay', () => {
  it('uses one Stripe idempotency key per try: a failed request is retried with the same key, a refused try makes the next one new', async () => {
    const { service, invoice, keys, published } = setup(['network', 'decline', 'authenticate', 'succeed']);
    await assert.rejects(service.pay(USER, INVOICE, 'pm_1'), /socket hang up/);
    await assert.rejects(
      service.pay(USER, INVOICE, 'pm_1'),
      (error) =>
        error instanceof DomainError && error.status === 402 && error.message === 'Your card was declined.',
    );
    await assert.rejects(
      service.pay(USER, INVOICE, 'pm_1'),
      (error) => error instanceof DomainError && error.code === 'INVOICE_AUTHENTICATION_REQUIRED',
    );
    const list = await service.pay(USER, INVOICE, 'pm_1');
    assert.deepEqual(keys, [
      `invoice-${INVOICE}-payment-1`,
      `invoice-${INVOICE}-payment-1`,
      `invoice-${INVOICE}-payment-2`,
      `invoice-${INVOICE}-payment-3`,
    ]);
    assert.equal(invoice.status, 'PAID');
    assert.equal(list[0]?.invoiceStatus, 'PAID');
    assert.equal(published.length, 1);
  });

  it('charges nothing for an invoice already PAID and answers the list', async () => {
    const { service, invoice, keys } = setup(['succeed']);
    invoice.status = 'PAID';
    const list = await service.pay(USER, INVOICE, 'pm_1');
    assert.deepEqual(keys, []);
    assert.equal(list.length, 1);
  });
});

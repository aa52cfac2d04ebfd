import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { DomainError } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import { PaymentsProvider } from '../stripe/payments-provider.port.js';
import type { CustomerDetails, CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';
import type { StripeCustomer } from './stripe-customer.entity.js';

/** The repository's contract over a map (the SQL itself is covered by the stack tests). */
class CustomersInMemory implements Pick<CustomersRepository, keyof CustomersRepository> {
  readonly rows = new Map<string, StripeCustomer>();
  async findByUserId(userId: string) {
    return this.rows.get(userId) ?? null;
  }
  transaction<T>(work: (manager: EntityManager) => Promise<T>) {
    return work({} as EntityManager);
  }
  async insertIfAbsent(_m: EntityManager, customer: CustomerDetails) {
    if (!this.rows.has(customer.userId)) {
      this.rows.set(customer.userId, { ...customer, stripeCustomerId: null } as StripeCustomer);
    }
  }
  async lock(_m: EntityManager, userId: string) {
    return this.rows.get(userId) ?? null;
  }
  async setStripeCustomerId(_m: EntityManager, userId: string, stripeCustomerId: string) {
    const row = this.rows.get(userId);
    if (row) row.stripeCustomerId = stripeCustomerId;
  }
}

const notCalledHere = () => {
  throw new Error('customers make no payments');
};

class CountingProvider extends PaymentsProvider {
  calls = 0;
  async createCustomer(input: { userId: string }) {
    this.calls += 1;
    return `cus_${input.userId}`;
  }
  createPaymentIntent = notCalledHere;
  retrievePaymentIntent = notCalledHere;
  refundPaymentIntent = notCalledHere;
  verifyWebhook = notCalledHere;
  attachCard = notCalledHere;
  updateCard = notCalledHere;
  retrieveCard = notCalledHere;
  detachCard = notCalledHere;
  setDefaultCard = notCalledHere;
  chargeOffSession = notCalledHere;
  findCharge = notCalledHere;
}

function setup() {
  const repository = new CustomersInMemory();
  const provider = new CountingProvider();
  const published: unknown[] = [];
  const outbox = {
    publish: async (_m: unknown, _e: unknown, payload: unknown) => void published.push(payload),
  };
  const service = new CustomersService(
    repository as unknown as CustomersRepository,
    provider,
    outbox as unknown as Outbox,
  );
  return { service, repository, provider, published };
}

const input = {
  userId: '6f1c3c59-5c3e-4b8e-9b38-1b8a0e6f3a11',
  emailAddress: 'a@example.com',
  name: 'Ada L',
};

const { userId, ...details } = input;

describe('CustomersService', () => {
  it('records a new user without making a Stripe customer', async () => {
    const { service, provider, published } = setup();
    await service.record(input);
    assert.equal(provider.calls, 0);
    assert.deepEqual(published, []);
    await assert.rejects(
      service.find(userId),
      (error) => error instanceof DomainError && error.status === 404 && error.code === 'CUSTOMER_NOT_FOUND',
    );
    assert.deepEqual(await service.lookup(userId), { userId, stripeCustomerId: null });
    assert.equal(await service.emailAddressOf(userId), input.emailAddress);
  });

  it('looks up a user it has not recorded as 404 CUSTOMER_NOT_FOUND, and a made customer by its id', async () => {
    const { service } = setup();
    await assert.rejects(
      service.lookup(userId),
      (error) => error instanceof DomainError && error.status === 404 && error.code === 'CUSTOMER_NOT_FOUND',
    );
    await service.record(input);
    const made = await service.ensure(userId);
    assert.deepEqual(await service.lookup(userId), made);
  });

  it('makes a user\u2019s Stripe customer when first needed, once, and announces it once, however often it is asked', async () => {
    const { service, provider, published } = setup();
    await service.record(input);
    const first = await service.ensure(userId);
    const second = await service.ensure(userId, details);
    assert.deepEqual(first, { userId, stripeCustomerId: `cus_${userId}` });
    assert.deepEqual(second, first);
    assert.deepEqual(await service.find(userId), first);
    assert.equal(provider.calls, 1);
    assert.deepEqual(published, [{ userId, stripeCustomerId: `cus_${userId}` }]);
  });

  it('makes it from the details given when the user is not recorded yet', async () => {
    const { service, provider } = setup();
    assert.equal((await service.ensure(userId, details)).stripeCustomerId, `cus_${userId}`);
    assert.equal(provider.calls, 1);
  });

  it('answers 409 CUSTOMER_NOT_READY for a user billing does not know yet, asking Stripe nothing', async () => {
    const { service, provider } = setup();
    await assert.rejects(
      service.ensure(userId),
      (error) => error instanceof DomainError && error.status === 409 && error.code === 'CUSTOMER_NOT_READY',
    );
    assert.equal(provider.calls, 0);
  });
});

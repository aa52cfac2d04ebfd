import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { DomainError } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import { PaymentsProvider } from '../stripe/payments-provider.port.js';
import type { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';
import type { StripeCustomer } from './stripe-customer.entity.js';

/** The repository's contract over a map (the SQL itself is covered by the gateway's integration tests). */
class CustomersInMemory implements Pick<CustomersRepository, keyof CustomersRepository> {
  readonly rows = new Map<string, Pick<StripeCustomer, 'userId' | 'stripeCustomerId' | 'emailAddress'>>();
  async findByUserId(userId: string) {
    return (this.rows.get(userId) as StripeCustomer | undefined) ?? null;
  }
  transaction<T>(work: (manager: EntityManager) => Promise<T>) {
    return work({} as EntityManager);
  }
  async insertIfAbsent(
    _m: EntityManager,
    customer: Pick<StripeCustomer, 'userId' | 'stripeCustomerId' | 'emailAddress'>,
  ) {
    if (this.rows.has(customer.userId)) return false;
    this.rows.set(customer.userId, customer);
    return true;
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

describe('CustomersService', () => {
  it('creates a user\u2019s Stripe customer once and announces it once, however often it is asked', async () => {
    const { service, provider, published } = setup();
    const first = await service.ensure(input);
    const second = await service.ensure(input);
    assert.deepEqual(first, { userId: input.userId, stripeCustomerId: `cus_${input.userId}` });
    assert.deepEqual(second, first);
    assert.equal(provider.calls, 1);
    assert.deepEqual(published, [{ userId: input.userId, stripeCustomerId: `cus_${input.userId}` }]);
  });

  it('announces nothing when another caller stored the customer between the read and the write', async () => {
    const { service, repository, published } = setup();
    const read = repository.findByUserId.bind(repository);
    let reads = 0;
    repository.findByUserId = async (userId) => {
      reads += 1;
      if (reads === 1) {
        repository.rows.set(userId, { ...input, stripeCustomerId: `cus_${userId}` });
        return null;
      }
      return read(userId);
    };
    assert.equal((await service.ensure(input)).stripeCustomerId, `cus_${input.userId}`);
    assert.deepEqual(published, []);
  });

  it('answers 404 CUSTOMER_NOT_FOUND for a user without a customer yet', async () => {
    const { service } = setup();
    await assert.rejects(
      service.find(input.userId),
      (error) => error instanceof DomainError && error.status === 404 && error.code === 'CUSTOMER_NOT_FOUND',
    );
  });
});

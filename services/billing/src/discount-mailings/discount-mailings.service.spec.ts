import assert from 'node:assert/strict';
import { beforeEach, describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { DomainError, FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import type { Discount } from '../discounts/discount.entity.js';
import type { DiscountsRepository } from '../discounts/discounts.repository.js';
import type { DiscountMailingsRepository, NewMailing } from './discount-mailings.repository.js';
import { DiscountMailingsService } from './discount-mailings.service.js';

const DAY_MS = 86_400_000;

/** The unique (discount, address) pair over an array (the SQL is covered by the gateway's integration test). */
class MailingsInMemory {
  readonly rows: NewMailing[] = [];
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return work({} as EntityManager);
  }
  async insertNew(_m: EntityManager, mailings: NewMailing[]) {
    const fresh = mailings.filter(
      (m) => !this.rows.some((r) => r.discountId === m.discountId && r.emailAddress === m.emailAddress),
    );
    this.rows.push(...fresh);
    return fresh;
  }
}

describe('DiscountMailingsService', () => {
  let clock: FixedClock;
  let discounts: Discount[];
  let mailings: MailingsInMemory;
  let published: Array<{ emailAddress: string; code: string; discountId: string }>;
  let service: DiscountMailingsService;

  const discount = (overrides: Partial<Discount>): Discount =>
    ({
      id: `d-${discounts.length}`,
      code: 'SPRING20',
      discountType: 'PERCENTAGE',
      value: 20,
      maxNoUsage: 10,
      usedCount: 0,
      isActive: true,
      expiryDate: new Date(clock.now().getTime() + 30 * DAY_MS),
      deletedAt: null,
      ...overrides,
    }) as Discount;

  beforeEach(() => {
    clock = new FixedClock();
    discounts = [];
    mailings = new MailingsInMemory();
    published = [];
    const repository = {
      findByCode: async (code: string) =>
        discounts.find((d) => d.code.toLowerCase() === code.toLowerCase()) ?? null,
    } as unknown as DiscountsRepository;
    const outbox = {
      publishAll: async (_m: EntityManager, _d: unknown, payloads: typeof published) => {
        published.push(...payloads);
        return [];
      },
    } as unknown as Outbox;
    service = new DiscountMailingsService(
      repository,
      mailings as unknown as DiscountMailingsRepository,
      outbox,
      clock,
    );
  });

  it('publishes one mailing per prospect and code, whatever the case of the code, and none again on a repeat', async () => {
    discounts.push(discount({}));
    const first = await service.save([
      { emailAddress: 'a@example.com', discountCode: 'spring20' },
      { emailAddress: 'b@example.com', discountCode: 'SPRING20' },
      { emailAddress: 'a@example.com', discountCode: 'Spring20' },
    ]);
    assert.deepEqual(first, { queued: 2, alreadySent: 0 });
    assert.deepEqual(
      published.map((p) => [p.emailAddress, p.code]),
      [
        ['a@example.com', 'SPRING20'],
        ['b@example.com', 'SPRING20'],
      ],
    );
    const again = await service.save([{ emailAddress: 'a@example.com', discountCode: 'SPRING20' }]);
    assert.deepEqual(again, { queued: 0, alreadySent: 1 });
    assert.equal(published.length, 2);
  });

  for (const [why, overrides] of [
    ['inactive', { isActive: false }],
    ['expired', { expiryDate: new Date('2025-12-31T23:59:59Z') }],
    ['used up', { usedCount: 10 }],
  ] as const) {
    it(`refuses an ${why} code with 409 DISCOUNT_NOT_ACTIVE and publishes nothing`, async () => {
      discounts.push(discount(overrides));
      await assert.rejects(
        service.save([{ emailAddress: 'a@example.com', discountCode: 'SPRING20' }]),
        (error) =>
          error instanceof DomainError && error.code === 'DISCOUNT_NOT_ACTIVE' && error.status === 409,
      );
      assert.deepEqual(published, []);
    });
  }

  it('refuses an unknown code the same way', async () => {
    await assert.rejects(
      service.save([{ emailAddress: 'a@example.com', discountCode: 'NOPE' }]),
      (error) => error instanceof DomainError && error.code === 'DISCOUNT_NOT_ACTIVE',
    );
  });
});

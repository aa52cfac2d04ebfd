import { randomUUID } from 'node:crypto';
import type { DiscountMailsSaved, SaveDiscountMailsBody } from '@multimfa/api-contract';
import { Outbox } from '@multimfa/event-bus';
import { discountMailingRequested } from '@multimfa/events';
import { Clock, DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { Discount } from '../discounts/discount.entity.js';
import { DiscountsRepository } from '../discounts/discounts.repository.js';
import { DiscountMailingsRepository } from './discount-mailings.repository.js';

const notActive = (code: string) =>
  new DomainError('DISCOUNT_NOT_ACTIVE', `The discount code ${code} is not active`, 409);

/**
 * The Discounts Mailing List's send: each selected prospect is e-mailed the chosen code once. A
 * prospect and code are recorded once (a unique pair); each new pair is published
 * (billing.discount.mailing-requested) in the same transaction, and messaging sends the e-mail.
 */
@Injectable()
export class DiscountMailingsService {
  constructor(
    @Inject(DiscountsRepository) private readonly discounts: DiscountsRepository,
    @Inject(DiscountMailingsRepository) private readonly mailings: DiscountMailingsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async save(selection: SaveDiscountMailsBody): Promise<DiscountMailsSaved> {
    const byCode = new Map<string, Discount>();
    for (const code of new Set(selection.map((entry) => entry.discountCode.toLowerCase()))) {
      const discount = await this.discounts.findByCode(code);
      if (!discount || !this.usable(discount)) throw notActive(code.toUpperCase());
      byCode.set(code, discount);
    }
    const wanted = new Map<string, { mailingId: string; discountId: string; emailAddress: string }>();
    for (const entry of selection) {
      const discount = byCode.get(entry.discountCode.toLowerCase()) as Discount;
      wanted.set(`${discount.id}:${entry.emailAddress}`, {
        mailingId: randomUUID(),
        discountId: discount.id,
        emailAddress: entry.emailAddress,
      });
    }
    const queued = await this.mailings.transaction(async (manager) => {
      const inserted = await this.mailings.insertNew(manager, [...wanted.values()]);
      const discountsById = new Map([...byCode.values()].map((d) => [d.id, d]));
      await this.outbox.publishAll(
        manager,
        discountMailingRequested,
        inserted.map((mailing) => {
          const discount = discountsById.get(mailing.discountId) as Discount;
          return {
            ...mailing,
            code: discount.code,
            discountType: discount.discountType,
            value: discount.value,
            expiryDate: discount.expiryDate.toISOString(),
          };
        }),
      );
      return inserted.length;
    });
    return { queued, alreadySent: wanted.size - queued };
  }

  /** The rule of Discount Management's active list: active, not expired, uses left. */
  private usable(discount: Discount): boolean {
    return (
      discount.isActive &&
      discount.expiryDate.getTime() > this.clock.now().getTime() &&
      discount.usedCount < discount.maxNoUsage
    );
  }
}

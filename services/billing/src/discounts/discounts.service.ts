import type { discountCheckAnswer, discountCheckRequest } from '@multimfa/service-contracts/billing';
import { Clock, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { Plan } from '../plans/plan.entity.js';
import { PlansRepository } from '../plans/plans.repository.js';
import type { Discount } from './discount.entity.js';
import { type Amounts, discountAmounts, dollars } from './discount-amounts.rules.js';
import { expiredDiscount, invalidDiscount, usedUpDiscount } from './discounts.errors.js';
import { DiscountsRepository, type NewDiscount } from './discounts.repository.js';

export const unknownPlan = () => new NotFoundError('This plan is not on sale', 'PLAN_NOT_FOUND');

/** Discount codes: whether one may be used now, and what it takes off a plan. Consuming is completion's. */
@Injectable()
export class DiscountsService {
  constructor(
    @Inject(DiscountsRepository) private readonly discounts: DiscountsRepository,
    @Inject(PlansRepository) private readonly plans: PlansRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** What the code takes off the plan's price (nothing is consumed). */
  async check(request: z.output<typeof discountCheckRequest>): Promise<z.output<typeof discountCheckAnswer>> {
    const plan = await this.plans.findActive(request.planId);
    if (!plan) throw unknownPlan();
    const discount = this.usable(await this.discounts.findByCode(request.code));
    const amounts = discountAmounts(plan.basePriceCents, discount);
    return {
      payableAmount: dollars(amounts.payableCents),
      discountedAmount: dollars(amounts.discountCents),
      discountId: discount.id,
    };
  }

  /** The plan's amounts with the discount of this id, checked again as at apply time. */
  async amountsFor(plan: Plan, discountId: string | undefined): Promise<Amounts> {
    if (!discountId) return discountAmounts(plan.basePriceCents, null);
    return discountAmounts(plan.basePriceCents, this.usable(await this.discounts.findById(discountId)));
  }

  /** Creates a discount unless its code exists (demo data, and later the admin area). */
  create(fields: NewDiscount): Promise<{ discount: Discount; created: boolean }> {
    return this.discounts.insertIfAbsent(fields);
  }

  /** The discount, if it exists, is active, has not expired and has uses left. */
  private usable(discount: Discount | null): Discount {
    if (!discount?.isActive) throw invalidDiscount();
    if (discount.expiryDate.getTime() <= this.clock.now().getTime()) throw expiredDiscount();
    if (discount.usedCount >= discount.maxNoUsage) throw usedUpDiscount();
    return discount;
  }
}

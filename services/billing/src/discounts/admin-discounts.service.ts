import type {
  ActiveDiscount,
  CreateDiscountBody,
  DiscountsQuery,
  Discount as DiscountView,
  UpdateDiscountBody,
} from '@multimfa/api-contract';
import { EXPIRY_IN_PAST_MESSAGE } from '@multimfa/api-contract';
import { Outbox } from '@multimfa/event-bus';
import { discountChanged, discountCreated } from '@multimfa/events';
import { Clock, DomainError, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { Discount } from './discount.entity.js';
import { DiscountsRepository } from './discounts.repository.js';

const DAY_MS = 86_400_000;

const codeTaken = () =>
  new DomainError('DISCOUNT_CODE_TAKEN', 'A discount with this code already exists', 409);
const notFound = () => new NotFoundError('Discount not found', 'DISCOUNT_NOT_FOUND');

/** The day as the date input gives it; the code works until that day ends (UTC). */
const endOfDay = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + DAY_MS - 1);
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const startOfDay = (date: string) => new Date(`${date}T00:00:00.000Z`);

export const toDiscountView = (discount: Discount): DiscountView => ({
  discountId: discount.id,
  code: discount.code,
  discountType: discount.discountType,
  value: discount.value,
  maxNoUsage: discount.maxNoUsage,
  usedCount: discount.usedCount,
  isActive: discount.isActive,
  expiryDate: dayOf(discount.expiryDate),
  createdAt: discount.createdAt.toISOString(),
  updatedAt: discount.updatedAt.toISOString(),
});

const eventOf = (discount: Discount) => ({
  discountId: discount.id,
  code: discount.code,
  discountType: discount.discountType,
  value: discount.value,
  maxNoUsage: discount.maxNoUsage,
  isActive: discount.isActive,
  expiryDate: discount.expiryDate.toISOString(),
});

/**
 * Discount Management: administrators create, change and delete the codes the payment page applies.
 * Codes are unique whatever their case (a unique index on lower(code) decides between concurrent
 * creates); a code's value never changes once created (customers were promised it); every change is
 * published (billing.discount.*) through the outbox.
 */
@Injectable()
export class AdminDiscountsService {
  constructor(
    @Inject(DiscountsRepository) private readonly discounts: DiscountsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(query: DiscountsQuery): Promise<DiscountView[]> {
    const discounts = await this.discounts.list({
      code: query.discountCode || undefined,
      discountType: query.discountType === 'BOTH' ? undefined : query.discountType,
      from: query.from ? startOfDay(query.from) : undefined,
      before: query.to ? new Date(startOfDay(query.to).getTime() + DAY_MS) : undefined,
    });
    return discounts.map(toDiscountView);
  }

  /** The codes a customer can use now: active, not expired, uses left. */
  async active(): Promise<ActiveDiscount[]> {
    const now = this.clock.now().getTime();
    return (await this.discounts.list({}))
      .filter((d) => d.isActive && d.expiryDate.getTime() > now && d.usedCount < d.maxNoUsage)
      .map((d) => ({
        discountId: d.id,
        code: d.code,
        discountType: d.discountType,
        value: d.value,
        expiryDate: dayOf(d.expiryDate),
      }));
  }

  async get(id: string): Promise<DiscountView> {
    const discount = await this.discounts.findById(id);
    if (!discount) throw notFound();
    return toDiscountView(discount);
  }

  async create(body: CreateDiscountBody): Promise<DiscountView> {
    this.assertFuture(body.expiryDate);
    return this.discounts.transaction(async (manager) => {
      const discount = await this.discounts.insert(manager, {
        code: body.code,
        discountType: body.discountType,
        value: body.value,
        maxNoUsage: body.maxNoUsage,
        expiryDate: endOfDay(body.expiryDate),
      });
      if (!discount) throw codeTaken();
      await this.outbox.publish(manager, discountCreated, eventOf(discount));
      return toDiscountView(discount);
    });
  }

  async update(id: string, body: UpdateDiscountBody): Promise<DiscountView> {
    return this.discounts.transaction(async (manager) => {
      const discount = await this.discounts.lock(manager, id);
      if (!discount) throw notFound();
      if (body.value !== discount.value) {
        throw new DomainError('DISCOUNT_VALUE_FIXED', 'The value of a discount cannot be changed', 409);
      }
      if (body.expiryDate !== dayOf(discount.expiryDate)) this.assertFuture(body.expiryDate);
      if (body.maxNoUsage < discount.usedCount) {
        throw new DomainError(
          'MAX_USAGE_BELOW_USES',
          `Max no usage cannot be less than the ${discount.usedCount} uses already made`,
          409,
        );
      }
      Object.assign(discount, {
        code: body.code,
        discountType: body.discountType,
        maxNoUsage: body.maxNoUsage,
        isActive: body.isActive,
        expiryDate: endOfDay(body.expiryDate),
      });
      try {
        await this.discounts.save(manager, discount);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw codeTaken();
        throw error;
      }
      await this.outbox.publish(manager, discountChanged, { ...eventOf(discount), deleted: false });
      return toDiscountView(discount);
    });
  }

  /** Kept for the purchases that used it; it no longer applies and its code can be created again. */
  async delete(id: string): Promise<void> {
    await this.discounts.transaction(async (manager) => {
      const discount = await this.discounts.lock(manager, id);
      if (!discount) throw notFound();
      discount.deletedAt = this.clock.now();
      discount.isActive = false;
      await this.discounts.save(manager, discount);
      await this.outbox.publish(manager, discountChanged, { ...eventOf(discount), deleted: true });
    });
  }

  /** The expiry day must come after today (UTC). */
  private assertFuture(expiryDate: string): void {
    if (expiryDate <= dayOf(this.clock.now())) {
      throw new DomainError('EXPIRY_IN_PAST', EXPIRY_IN_PAST_MESSAGE, 400);
    }
  }
}

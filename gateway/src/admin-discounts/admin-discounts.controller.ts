import {
  type ActiveDiscount,
  type CreateDiscountBody,
  createDiscount,
  type Discount,
  type DiscountsQuery,
  deleteDiscount,
  type discountParams,
  type Envelope,
  getDiscount,
  listActiveDiscounts,
  listDiscounts,
  type UpdateDiscountBody,
  updateDiscount,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Query } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { AdminDiscountsService } from './admin-discounts.service.js';

type DiscountParams = z.output<typeof discountParams>;

/** /admin/discount-management (administrators only: the contract says so, the guard enforces it). */
@Controller()
export class AdminDiscountsController {
  constructor(@Inject(AdminDiscountsService) private readonly discounts: AdminDiscountsService) {}

  @Serves(listDiscounts)
  async list(@Query() query: DiscountsQuery): Promise<Envelope<Discount[]>> {
    return ok(await this.discounts.list(query));
  }

  // Before /:discountId, which would otherwise take "active-discounts" for an id.
  @Serves(listActiveDiscounts)
  async active(): Promise<Envelope<ActiveDiscount[]>> {
    return ok(await this.discounts.active());
  }

  @Serves(createDiscount)
  @HttpCode(200)
  async create(@Body() body: CreateDiscountBody): Promise<Envelope<Discount>> {
    return ok(await this.discounts.create(body), 'Discount created successfully');
  }

  @Serves(getDiscount)
  async get(@Param() params: DiscountParams): Promise<Envelope<Discount>> {
    return ok(await this.discounts.get(params.discountId));
  }

  @Serves(updateDiscount)
  async update(
    @Param() params: DiscountParams,
    @Body() body: UpdateDiscountBody,
  ): Promise<Envelope<Discount>> {
    return ok(await this.discounts.update(params.discountId, body), 'Discount updated successfully');
  }

  @Serves(deleteDiscount)
  async remove(@Param() params: DiscountParams): Promise<Envelope<null>> {
    await this.discounts.remove(params.discountId);
    return ok(null, 'Discount deleted successfully');
  }
}

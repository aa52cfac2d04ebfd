import {
  type ActiveDiscount,
  type CreateDiscountBody,
  createDiscountBody,
  type Discount,
  type DiscountsQuery,
  discountParams,
  discountsQuery,
  type UpdateDiscountBody,
  updateDiscountBody,
} from '@multimfa/api-contract';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { AdminDiscountsService } from './admin-discounts.service.js';

const discountId = new ZodPipe(discountParams.shape.discountId);

/** Discount Management's calls; the gateway lets only administrators reach them. */
@Controller('admin/discounts')
export class AdminDiscountsController {
  constructor(@Inject(AdminDiscountsService) private readonly discounts: AdminDiscountsService) {}

  @Get()
  list(@Query(new ZodPipe(discountsQuery)) query: DiscountsQuery): Promise<Discount[]> {
    return this.discounts.list(query);
  }

  @Get('active')
  active(): Promise<ActiveDiscount[]> {
    return this.discounts.active();
  }

  @Post()
  create(@Body(new ZodPipe(createDiscountBody)) body: CreateDiscountBody): Promise<Discount> {
    return this.discounts.create(body);
  }

  @Get(':discountId')
  get(@Param('discountId', discountId) id: string): Promise<Discount> {
    return this.discounts.get(id);
  }

  @Patch(':discountId')
  update(
    @Param('discountId', discountId) id: string,
    @Body(new ZodPipe(updateDiscountBody)) body: UpdateDiscountBody,
  ): Promise<Discount> {
    return this.discounts.update(id, body);
  }

  @Delete(':discountId')
  @HttpCode(204)
  delete(@Param('discountId', discountId) id: string): Promise<void> {
    return this.discounts.delete(id);
  }
}

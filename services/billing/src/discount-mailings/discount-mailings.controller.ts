import type { DiscountMailsSaved } from '@multimfa/api-contract';
import { discountMailsRequest } from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import { DiscountMailingsService } from './discount-mailings.service.js';

/** The Discounts Mailing List's send (the gateway lets only administrators reach it). */
@Controller('admin/discount-mailings')
export class DiscountMailingsController {
  constructor(@Inject(DiscountMailingsService) private readonly mailings: DiscountMailingsService) {}

  @Post()
  @HttpCode(200)
  save(
    @Body(new ZodPipe(discountMailsRequest)) body: z.output<typeof discountMailsRequest>,
  ): Promise<DiscountMailsSaved> {
    return this.mailings.save(body);
  }
}

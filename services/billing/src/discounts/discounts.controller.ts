import {
  type discountCheckAnswer,
  discountCheckRequest,
  userIdParam,
} from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { z } from 'zod';
import { DiscountsService } from './discounts.service.js';

@Controller('users/:userId/discounts')
export class DiscountsController {
  constructor(@Inject(DiscountsService) private readonly discounts: DiscountsService) {}

  /** What a code takes off a plan; consumes nothing. */
  @Post('check')
  @HttpCode(200)
  check(
    @Param('userId', new ZodPipe(userIdParam)) _userId: string,
    @Body(new ZodPipe(discountCheckRequest)) body: z.output<typeof discountCheckRequest>,
  ): Promise<z.output<typeof discountCheckAnswer>> {
    return this.discounts.check(body);
  }
}

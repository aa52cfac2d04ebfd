import { Module } from '@nestjs/common';
import { DiscountsModule } from '../discounts/discounts.module.js';
import { DiscountMailingsController } from './discount-mailings.controller.js';
import { DiscountMailingsRepository } from './discount-mailings.repository.js';
import { DiscountMailingsService } from './discount-mailings.service.js';

/** Discount codes e-mailed to prospects (Discounts Mailing List). */
@Module({
  imports: [DiscountsModule],
  controllers: [DiscountMailingsController],
  providers: [DiscountMailingsService, DiscountMailingsRepository],
})
export class DiscountMailingsModule {}

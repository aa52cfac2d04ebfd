import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlansModule } from '../plans/plans.module.js';
import { Discount } from './discount.entity.js';
import { DiscountsController } from './discounts.controller.js';
import { DiscountsRepository, TypeOrmDiscountsRepository } from './discounts.repository.js';
import { DiscountsService } from './discounts.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Discount]), PlansModule],
  controllers: [DiscountsController],
  providers: [DiscountsService, { provide: DiscountsRepository, useClass: TypeOrmDiscountsRepository }],
  exports: [DiscountsService, DiscountsRepository],
})
export class DiscountsModule {}

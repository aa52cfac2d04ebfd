import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlansModule } from '../plans/plans.module.js';
import { AdminDiscountsController } from './admin-discounts.controller.js';
import { AdminDiscountsService } from './admin-discounts.service.js';
import { Discount } from './discount.entity.js';
import { DiscountsController } from './discounts.controller.js';
import { DiscountsRepository, TypeOrmDiscountsRepository } from './discounts.repository.js';
import { DiscountsService } from './discounts.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Discount]), PlansModule],
  controllers: [DiscountsController, AdminDiscountsController],
  providers: [
    DiscountsService,
    AdminDiscountsService,
    { provide: DiscountsRepository, useClass: TypeOrmDiscountsRepository },
  ],
  exports: [DiscountsService, DiscountsRepository],
})
export class DiscountsModule {}

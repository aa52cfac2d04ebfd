import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsageController } from './usage.controller.js';
import { UsageRepository } from './usage.repository.js';
import { UsageService } from './usage.service.js';
import { UsageSubscriber } from './usage.subscriber.js';
import { UsageSettlement } from './usage-settlement.entity.js';
import { UsageSettlementsRepository } from './usage-settlements.repository.js';

/**
 * Metering of inbound texts per subscription and period, the current period's figure, and which
 * periods' texts over the allowance are (to be) invoiced.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UsageSettlement])],
  controllers: [UsageController, UsageSubscriber],
  providers: [UsageRepository, UsageService, UsageSettlementsRepository],
  exports: [UsageRepository, UsageSettlementsRepository],
})
export class UsageModule {}

import { Module } from '@nestjs/common';
import { UsageController } from './usage.controller.js';
import { UsageRepository } from './usage.repository.js';
import { UsageService } from './usage.service.js';
import { UsageSubscriber } from './usage.subscriber.js';

/** Metering of inbound texts per subscription and period, and the current period's figure. */
@Module({
  controllers: [UsageController, UsageSubscriber],
  providers: [UsageRepository, UsageService],
  exports: [UsageRepository],
})
export class UsageModule {}

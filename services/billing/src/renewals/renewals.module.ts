import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CardsModule } from '../cards/cards.module.js';
import { Renewal } from './renewal.entity.js';
import { RenewalsRepository } from './renewals.repository.js';
import { RenewalsService } from './renewals.service.js';
import { RenewalsWorker } from './renewals.worker.js';

/** Auto-renewal at each payment date (BullMQ), expiry, and reactivation by paying the renewal invoice. */
@Module({
  imports: [TypeOrmModule.forFeature([Renewal]), CardsModule],
  providers: [RenewalsRepository, RenewalsService, RenewalsWorker],
  exports: [RenewalsService],
})
export class RenewalsModule {}

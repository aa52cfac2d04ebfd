import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CardsModule } from '../cards/cards.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { InvoiceChargeService } from './invoice-charge.service.js';
import { OverageService } from './overage.service.js';
import { Renewal } from './renewal.entity.js';
import { RenewalsRepository } from './renewals.repository.js';
import { RenewalsService } from './renewals.service.js';
import { RenewalsWorker } from './renewals.worker.js';

/**
 * Auto-renewal at each payment date (BullMQ), expiry, reactivation by paying the renewal invoice, and
 * the overage invoices of periods no renewal carries.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Renewal]), CardsModule, UsageModule],
  providers: [RenewalsRepository, InvoiceChargeService, RenewalsService, OverageService, RenewalsWorker],
  exports: [RenewalsService],
})
export class RenewalsModule {}

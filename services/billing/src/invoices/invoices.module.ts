import { Module } from '@nestjs/common';
import { CardsModule } from '../cards/cards.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { RenewalsModule } from '../renewals/renewals.module.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/** Invoice Management: the user's invoices and paying them with a saved card. */
@Module({
  imports: [CardsModule, CustomersModule, RenewalsModule],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoicesService],
})
export class InvoicesModule {}

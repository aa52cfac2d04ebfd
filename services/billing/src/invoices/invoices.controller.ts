import {
  type InvoiceRecord,
  invoiceIdParam,
  payInvoiceRequest,
  userIdParam,
} from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { z } from 'zod';
import { InvoicesService } from './invoices.service.js';

const userId = new ZodPipe(userIdParam);

@Controller('users/:userId/invoices')
export class InvoicesController {
  constructor(@Inject(InvoicesService) private readonly invoices: InvoicesService) {}

  @Get()
  list(@Param('userId', userId) user: string): Promise<InvoiceRecord[]> {
    return this.invoices.list(user);
  }

  /** Pays the invoice with a saved card; answers the user's invoices as they now are. */
  @Post(':invoiceId/payment')
  @HttpCode(200)
  pay(
    @Param('userId', userId) user: string,
    @Param('invoiceId', new ZodPipe(invoiceIdParam)) invoiceId: string,
    @Body(new ZodPipe(payInvoiceRequest)) body: z.output<typeof payInvoiceRequest>,
  ): Promise<InvoiceRecord[]> {
    return this.invoices.pay(user, invoiceId, body.cardId);
  }
}

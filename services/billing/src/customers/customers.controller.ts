import {
  type BillingCustomerLookup,
  ensureCustomerRequest,
  userIdParam,
} from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, Inject, Param, Put } from '@nestjs/common';
import type { z } from 'zod';
import { type CustomerDto, CustomersService } from './customers.service.js';

const userId = new ZodPipe(userIdParam);

@Controller('customers')
export class CustomersController {
  constructor(@Inject(CustomersService) private readonly customers: CustomersService) {}

  @Get(':userId')
  lookup(@Param('userId', userId) id: string): Promise<BillingCustomerLookup> {
    return this.customers.lookup(id);
  }

  /** Creates the user's Stripe customer if it does not exist yet (the first card); answers it either way. */
  @Put(':userId')
  ensure(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(ensureCustomerRequest)) body: z.output<typeof ensureCustomerRequest>,
  ): Promise<CustomerDto> {
    return this.customers.ensure(
      id,
      'emailAddress' in body ? { emailAddress: body.emailAddress, name: body.name } : undefined,
    );
  }
}

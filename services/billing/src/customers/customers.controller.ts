import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, Inject, Param, Put } from '@nestjs/common';
import { z } from 'zod';
import { type CustomerDto, CustomersService } from './customers.service.js';

const userIdParam = new ZodPipe(z.uuid('Unknown user'));
const ensureBody = z.object({ emailAddress: z.email(), name: z.string().min(1).max(121) });

@Controller('customers')
export class CustomersController {
  constructor(@Inject(CustomersService) private readonly customers: CustomersService) {}

  @Get(':userId')
  find(@Param('userId', userIdParam) userId: string): Promise<CustomerDto> {
    return this.customers.find(userId);
  }

  /** Creates the user's Stripe customer if it does not exist yet; answers it either way. */
  @Put(':userId')
  ensure(
    @Param('userId', userIdParam) userId: string,
    @Body(new ZodPipe(ensureBody)) body: z.output<typeof ensureBody>,
  ): Promise<CustomerDto> {
    return this.customers.ensure({ userId, ...body });
  }
}

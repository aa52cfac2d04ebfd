import { type PayloadOf, userRegistered } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { CustomersService } from '../customers/customers.service.js';

/** A new user's details are kept for their Stripe customer, made at their first checkout or card. */
@Controller()
export class UsersSubscriber {
  constructor(@Inject(CustomersService) private readonly customers: CustomersService) {}

  @EventPattern(userRegistered)
  async onRegistered(@Payload() user: PayloadOf<typeof userRegistered>): Promise<void> {
    await this.customers.record({
      userId: user.userId,
      emailAddress: user.emailAddress,
      name: `${user.firstName} ${user.lastName}`,
    });
  }
}

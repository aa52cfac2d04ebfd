import type { EventHandler, EventSubscriber } from '@multimfa/event-bus';
import { type PayloadOf, TOPICS, userRegistered } from '@multimfa/events';
import { Inject, Injectable } from '@nestjs/common';
import { CustomersService } from '../customers/customers.service.js';

/** A new user gets a Stripe customer, even when the gateway's request for one failed. */
@Injectable()
export class UsersSubscriber implements EventSubscriber {
  readonly groupId = 'billing.users';
  readonly topics = [TOPICS.identityUser];
  readonly handlers: Record<string, EventHandler>;

  constructor(@Inject(CustomersService) customers: CustomersService) {
    this.handlers = {
      [userRegistered.type]: async (event) => {
        const user = event.payload as PayloadOf<typeof userRegistered>;
        await customers.ensure({
          userId: user.userId,
          emailAddress: user.emailAddress,
          name: `${user.firstName} ${user.lastName}`,
        });
      },
    };
  }
}

import { EventContext } from '@multimfa/event-bus';
import { emailVerified, type PayloadOf, profileUpdated, userDeleted, userRegistered } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { UserContactsRepository } from './user-contacts.repository.js';

/** Identity's user events keep messaging's `user_contact`: an MFA's owner is written to without calling identity. */
@Controller()
export class UsersSubscriber {
  constructor(@Inject(UserContactsRepository) private readonly contacts: UserContactsRepository) {}

  @EventPattern(userRegistered)
  async onRegistered(@Payload() user: PayloadOf<typeof userRegistered>, @Ctx() context: EventContext) {
    await this.contacts.registered(context.getManager(), {
      userId: user.userId,
      emailAddress: user.emailAddress,
      firstName: user.firstName,
      lastName: user.lastName,
    });
  }

  @EventPattern(emailVerified)
  async onEmailVerified(@Payload() user: PayloadOf<typeof emailVerified>, @Ctx() context: EventContext) {
    await this.contacts.addressVerified(context.getManager(), user.userId, user.emailAddress);
  }

  @EventPattern(profileUpdated)
  async onProfileUpdated(@Payload() user: PayloadOf<typeof profileUpdated>, @Ctx() context: EventContext) {
    await this.contacts.renamed(context.getManager(), user.userId, user);
  }

  @EventPattern(userDeleted)
  async onDeleted(@Payload() user: PayloadOf<typeof userDeleted>, @Ctx() context: EventContext) {
    await this.contacts.deleted(context.getManager(), user.userId);
  }
}

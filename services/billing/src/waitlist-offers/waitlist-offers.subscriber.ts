import { type PayloadOf, waitlistConfirmed } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { WaitlistOffersRepository } from './waitlist-offers.repository.js';

/** A confirmed waitlist address becomes a prospect with the 20%-off offer on its first MultiMFA. */
@Controller()
export class WaitlistOffersSubscriber {
  constructor(@Inject(WaitlistOffersRepository) private readonly offers: WaitlistOffersRepository) {}

  @EventPattern(waitlistConfirmed)
  async onConfirmed(@Payload() confirmed: PayloadOf<typeof waitlistConfirmed>): Promise<void> {
    await this.offers.insertIfAbsent({
      emailAddress: confirmed.emailAddress.toLowerCase(),
      signupId: confirmed.signupId,
      confirmedAt: new Date(confirmed.confirmedAt),
    });
  }
}

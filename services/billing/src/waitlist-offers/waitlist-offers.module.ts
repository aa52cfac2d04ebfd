import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WaitlistOffer } from './waitlist-offer.entity.js';
import { WaitlistOffersRepository } from './waitlist-offers.repository.js';
import { WaitlistOffersSubscriber } from './waitlist-offers.subscriber.js';

/** The waitlist's 20%-off promise: kept from identity's confirmations, taken by the first MultiMFA. */
@Module({
  imports: [TypeOrmModule.forFeature([WaitlistOffer])],
  controllers: [WaitlistOffersSubscriber],
  providers: [WaitlistOffersRepository],
  exports: [WaitlistOffersRepository],
})
export class WaitlistOffersModule {}

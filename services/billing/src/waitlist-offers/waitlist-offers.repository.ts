import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { WaitlistOffer } from './waitlist-offer.entity.js';

/** The `waitlist_offer` table. */
@Injectable()
export class WaitlistOffersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the offer once per address; a second confirmation of the same address changes nothing. */
  async insertIfAbsent(
    offer: Pick<WaitlistOffer, 'emailAddress' | 'signupId' | 'confirmedAt'>,
  ): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(WaitlistOffer)
      .values({ ...offer, redeemedAt: null, checkoutId: null })
      .orIgnore()
      .execute();
  }

  findUnredeemed(emailAddress: string): Promise<WaitlistOffer | null> {
    return this.dataSource.getRepository(WaitlistOffer).findOneBy({ emailAddress, redeemedAt: IsNull() });
  }

  /**
   * Takes the offer for the checkout inside the caller's transaction: one conditional update, so of
   * two concurrent completions exactly one gets it. False when it was already used.
   */
  async redeem(manager: EntityManager, emailAddress: string, checkoutId: string, at: Date): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(WaitlistOffer)
      .set({ redeemedAt: at, checkoutId })
      .where('email_address = :emailAddress AND redeemed_at IS NULL', { emailAddress })
      .execute();
    return result.affected === 1;
  }
}

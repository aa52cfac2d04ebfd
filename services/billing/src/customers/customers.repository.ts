import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { StripeCustomer } from './stripe-customer.entity.js';

export type CustomerDetails = Pick<StripeCustomer, 'userId' | 'emailAddress' | 'name'>;

/** Reads and writes of payment customers; writes take the caller's transaction. */
@Injectable()
export class CustomersRepository {
  constructor(
    @InjectRepository(StripeCustomer) private readonly customers: Repository<StripeCustomer>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  findByUserId(userId: string): Promise<StripeCustomer | null> {
    return this.customers.findOneBy({ userId });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Records the user's details, without a Stripe customer, unless the user has a row already. */
  async insertIfAbsent(manager: EntityManager, customer: CustomerDetails): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(StripeCustomer)
      .values({ ...customer, stripeCustomerId: null })
      .orIgnore()
      .execute();
  }

  /** The user's row, locked until the transaction ends (one Stripe customer however many ask at once). */
  lock(manager: EntityManager, userId: string): Promise<StripeCustomer | null> {
    return manager
      .getRepository(StripeCustomer)
      .findOne({ where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  async setStripeCustomerId(manager: EntityManager, userId: string, stripeCustomerId: string): Promise<void> {
    await manager.getRepository(StripeCustomer).update({ userId }, { stripeCustomerId });
  }
}

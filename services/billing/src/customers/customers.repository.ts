import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { StripeCustomer } from './stripe-customer.entity.js';

/** Reads and writes of Stripe customers; writes take the caller's transaction. */
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

  /** Stores the customer unless the user has one already; true when this call stored it. */
  async insertIfAbsent(
    manager: EntityManager,
    customer: Pick<StripeCustomer, 'userId' | 'stripeCustomerId' | 'emailAddress'>,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(StripeCustomer)
      .values(customer)
      .orIgnore()
      .returning(['userId'])
      .execute();
    return result.raw.length > 0;
  }
}

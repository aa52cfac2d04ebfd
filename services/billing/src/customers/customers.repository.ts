import { namedStatement } from '@multimfa/service-runtime';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { StripeCustomer } from './stripe-customer.entity.js';

export type CustomerDetails = Pick<StripeCustomer, 'userId' | 'emailAddress' | 'name'>;

/**
 * A user's row, by its key. Every sign-in and every signed-in page load asks for it (the session's
 * Stripe customer id): a prepared statement, not one TypeORM builds and PostgreSQL plans each time.
 */
const FIND_BY_USER = namedStatement(
  'customers.find-by-user',
  `SELECT user_id, stripe_customer_id, email_address, name, created_at
     FROM stripe_customer WHERE user_id = $1`,
);

interface CustomerRow {
  user_id: string;
  stripe_customer_id: string | null;
  email_address: string;
  name: string;
  created_at: Date;
}

const toCustomer = (row: CustomerRow): StripeCustomer => ({
  userId: row.user_id,
  stripeCustomerId: row.stripe_customer_id,
  emailAddress: row.email_address,
  name: row.name,
  createdAt: row.created_at,
});

/** Reads and writes of payment customers; writes take the caller's transaction. */
@Injectable()
export class CustomersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findByUserId(userId: string): Promise<StripeCustomer | null> {
    const [row]: CustomerRow[] = await this.dataSource.query(FIND_BY_USER, [userId]);
    return row ? toCustomer(row) : null;
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

import { Outbox } from '@multimfa/event-bus';
import { customerCreated } from '@multimfa/events';
import { NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PaymentsProvider } from '../stripe/payments-provider.js';

export interface CustomerDto {
  userId: string;
  stripeCustomerId: string;
}

/** Each user's Stripe customer: created once, whether the gateway or the registered event asks first. */
@Injectable()
export class CustomersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {}

  async find(userId: string): Promise<CustomerDto> {
    const [row] = await this.dataSource.query(
      'SELECT stripe_customer_id FROM stripe_customer WHERE user_id = $1',
      [userId],
    );
    if (!row) throw new NotFoundError('No payment customer for this user yet', 'CUSTOMER_NOT_FOUND');
    return { userId, stripeCustomerId: row.stripe_customer_id };
  }

  async ensure(input: { userId: string; emailAddress: string; name: string }): Promise<CustomerDto> {
    const existing = await this.find(input.userId).catch(() => undefined);
    if (existing) return existing;
    // Stripe's idempotency key makes a second caller get the same customer back.
    const stripeCustomerId = await this.payments.createCustomer(input);
    await this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO stripe_customer (user_id, stripe_customer_id, email_address) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        [input.userId, stripeCustomerId, input.emailAddress],
      );
      if (inserted.length)
        await this.outbox.publish(manager, customerCreated, { userId: input.userId, stripeCustomerId });
    });
    return this.find(input.userId);
  }
}

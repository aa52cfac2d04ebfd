import type { PurchaseCompleted } from '@multimfa/events';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { Checkout } from './checkout.entity.js';
import { Invoice } from './invoice.entity.js';
import { Payment } from './payment.entity.js';
import { Subscription } from './subscription.entity.js';

export type NewCheckout = Omit<
  Checkout,
  'status' | 'paymentIntentId' | 'purchase' | 'createdAt' | 'updatedAt'
>;
export type NewSubscription = Omit<Subscription, 'createdAt' | 'updatedAt' | 'endedAt'>;
export type PlanChange = Pick<
  Subscription,
  'planId' | 'planName' | 'basePriceCents' | 'noOfUsers' | 'periodStart' | 'nextPaymentDate'
>;

/**
 * Checkouts and what completing one writes: payment, invoice, subscription, the Stripe events handled.
 * Writes of a completion take the caller's transaction, in which the checkout row is locked first.
 */
@Injectable()
export class PurchasesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Whether the user ever had a MultiMFA subscription (whatever its status now). */
  hasBoughtMultiMfa(userId: string): Promise<boolean> {
    return this.dataSource.getRepository(Subscription).existsBy({ userId, mfaType: 'MultiMFA' });
  }

  async insertCheckout(fields: NewCheckout): Promise<void> {
    await this.dataSource.getRepository(Checkout).insert({ ...fields, status: 'PENDING' });
  }

  async setPaymentIntent(checkoutId: string, paymentIntentId: string): Promise<void> {
    await this.dataSource.getRepository(Checkout).update({ id: checkoutId }, { paymentIntentId });
  }

  findCheckout(id: string): Promise<Checkout | null> {
    return this.dataSource.getRepository(Checkout).findOneBy({ id });
  }

  findCheckoutByPaymentIntent(paymentIntentId: string): Promise<Checkout | null> {
    return this.dataSource.getRepository(Checkout).findOneBy({ paymentIntentId });
  }

  /** The user's subscription of that MFA, if the user holds it. */
  findSubscription(userId: string, mfaId: string): Promise<Subscription | null> {
    return this.dataSource.getRepository(Subscription).findOneBy({ userId, mfaId });
  }

  /** The checkout, locked until the transaction ends, so one completion at a time sees and changes it. */
  lockCheckout(manager: EntityManager, id: string): Promise<Checkout | null> {
    return manager.getRepository(Checkout).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Records a Stripe event as handled; false when it was already. */
  async recordStripeEvent(manager: EntityManager, event: { id: string; type: string }): Promise<boolean> {
    const rows = (await manager.query(
      'INSERT INTO stripe_event (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id',
      [event.id, event.type],
    )) as unknown[];
    return rows.length === 1;
  }

  async insertPayment(manager: EntityManager, payment: Omit<Payment, 'id'>): Promise<void> {
    await manager.getRepository(Payment).insert(payment);
  }

  /** Issues the invoice; answers its id and number. */
  async insertInvoice(
    manager: EntityManager,
    invoice: Pick<
      Invoice,
      | 'userId'
      | 'subscriptionId'
      | 'checkoutId'
      | 'amountCents'
      | 'description'
      | 'status'
      | 'invoiceDate'
      | 'paidAt'
    >,
  ): Promise<{ id: string; invoiceNo: string }> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(Invoice)
      .values(invoice)
      .returning(['id', 'invoiceNo'])
      .execute();
    const row = (result.raw as Array<{ id: string; invoice_no: string }>)[0];
    return { id: row?.id ?? '', invoiceNo: row?.invoice_no ?? '' };
  }

  async insertSubscription(manager: EntityManager, subscription: NewSubscription): Promise<Subscription> {
    await manager.getRepository(Subscription).insert(subscription);
    return manager.getRepository(Subscription).findOneByOrFail({ id: subscription.id });
  }

  /** Moves the user's subscription of the MFA to another plan and a new period; null when not held. */
  async changePlan(
    manager: EntityManager,
    where: { userId: string; mfaId: string },
    change: PlanChange,
  ): Promise<Subscription | null> {
    const repository = manager.getRepository(Subscription);
    const result = await repository.update(
      { ...where, mfaType: 'MultiMFA', status: In(['ACTIVE', 'EXPIRED']) },
      { ...change, status: 'ACTIVE' },
    );
    return result.affected ? repository.findOneBy(where) : null;
  }

  /** The user's subscription of the MFA, locked until the transaction ends (as a renewal locks it). */
  lockSubscription(
    manager: EntityManager,
    where: { userId: string; mfaId: string },
  ): Promise<Subscription | null> {
    return manager.getRepository(Subscription).findOne({ where, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Ends the subscriptions (not ended yet) of one MFA, or of all of a user's MFAs, as of `at`, locking
   * each as a renewal does: a renewal that holds one finishes first, a later one finds it ENDED.
   * Answers the ids ended, and of those the ones that were ACTIVE (their period was running).
   */
  async endSubscriptions(
    manager: EntityManager,
    where: { mfaId: string } | { userId: string },
    at: Date,
  ): Promise<{ ended: string[]; wereActive: string[] }> {
    // An UPDATE answers [rows, affected] through TypeORM's query().
    const [rows]: [Array<{ id: string; was: string }>, number] = await manager.query(
      `WITH target AS (SELECT id, status FROM subscription
                        WHERE ${'mfaId' in where ? 'mfa_id' : 'user_id'} = $1 AND status <> 'ENDED'
                        ORDER BY id FOR UPDATE)
       UPDATE subscription s SET status = 'ENDED', ended_at = $2, auto_renewal = false, updated_at = now()
         FROM target WHERE s.id = target.id
       RETURNING s.id, target.status AS was`,
      ['mfaId' in where ? where.mfaId : where.userId, at],
    );
    return {
      ended: rows.map((row) => row.id),
      wereActive: rows.filter((row) => row.was === 'ACTIVE').map((row) => row.id),
    };
  }

  /**
   * Records identity's word that the user is active (reactivated) or not (deactivated), said at `at`;
   * false when a later word was recorded already (an older event does not override it).
   */
  async recordUserStatus(
    manager: EntityManager,
    userId: string,
    isActive: boolean,
    at: Date,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO user_standing (user_id, is_active, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET is_active = EXCLUDED.is_active, changed_at = EXCLUDED.changed_at,
                                           updated_at = now()
        WHERE user_standing.changed_at <= EXCLUDED.changed_at
       RETURNING user_id`,
      [userId, isActive, at],
    );
    return rows.length === 1;
  }

  /** Records that the user was deleted (for good: no later word reactivates a deleted user). */
  async recordUserDeleted(manager: EntityManager, userId: string, at: Date): Promise<void> {
    await manager.query(
      `INSERT INTO user_standing (user_id, is_active, deleted_at, changed_at) VALUES ($1, false, $2, $2)
       ON CONFLICT (user_id) DO UPDATE SET is_active = false, deleted_at = EXCLUDED.deleted_at,
                                           changed_at = GREATEST(user_standing.changed_at, EXCLUDED.changed_at),
                                           updated_at = now()`,
      [userId, at],
    );
  }

  /**
   * Switches auto-renewal off on every subscription of the user not ended yet, locking each as a
   * renewal does; answers the ids of those that renewed by themselves until now.
   */
  async stopRenewals(manager: EntityManager, userId: string): Promise<string[]> {
    const [rows]: [Array<{ id: string }>, number] = await manager.query(
      `UPDATE subscription SET auto_renewal = false, updated_at = now()
        WHERE id IN (SELECT id FROM subscription
                      WHERE user_id = $1 AND status <> 'ENDED' AND auto_renewal
                      ORDER BY id FOR UPDATE)
        RETURNING id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Whether the user's subscription of the MFA renews by itself. While the owner is deactivated (or
   * deleted) it cannot be switched on: the MFA's update events of that time come from numbers, not
   * from the owner, who cannot sign in.
   */
  async setAutoRenewal(where: { userId: string; mfaId: string }, autoRenewal: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE subscription SET auto_renewal = $3, updated_at = now()
        WHERE user_id = $1 AND mfa_id = $2 AND auto_renewal <> $3
          AND (NOT $3 OR NOT EXISTS (SELECT 1 FROM user_standing u
                                      WHERE u.user_id = $1 AND (NOT u.is_active OR u.deleted_at IS NOT NULL)))`,
      [where.userId, where.mfaId, autoRenewal],
    );
  }

  async markCompleted(manager: EntityManager, id: string, purchase: PurchaseCompleted): Promise<void> {
    await manager.getRepository(Checkout).update({ id }, { status: 'COMPLETED', purchase });
  }

  async markRefunded(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(Checkout).update({ id }, { status: 'REFUNDED' });
  }
}

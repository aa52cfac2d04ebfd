import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, LessThanOrEqual } from 'typeorm';
import { Invoice } from '../purchases/invoice.entity.js';
import { Subscription } from '../purchases/subscription.entity.js';
import type { Allowance, InvoiceLineDraft } from '../usage/usage.rules.js';
import { Renewal } from './renewal.entity.js';

/** Subscriptions as renewals see them, their renewal rows and renewal invoices. */
@Injectable()
export class RenewalsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Active subscriptions whose payment date has come, oldest date first. */
  due(now: Date, limit: number): Promise<Array<Pick<Subscription, 'id' | 'nextPaymentDate'>>> {
    return this.dataSource.getRepository(Subscription).find({
      select: { id: true, nextPaymentDate: true },
      where: { status: 'ACTIVE', nextPaymentDate: LessThanOrEqual(now) },
      order: { nextPaymentDate: 'ASC' },
      take: limit,
    });
  }

  /** The subscription, locked until the transaction ends: one renewal or reactivation of it at a time. */
  lockSubscription(manager: EntityManager, id: string): Promise<Subscription | null> {
    return manager
      .getRepository(Subscription)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Records the period's renewal; false when it was recorded already (it ran before). */
  async recordRenewal(manager: EntityManager, renewal: Omit<Renewal, 'createdAt'>): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO renewal (subscription_id, period_start, outcome, invoice_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (subscription_id, period_start) DO NOTHING RETURNING subscription_id`,
      [renewal.subscriptionId, renewal.periodStart, renewal.outcome, renewal.invoiceId],
    )) as unknown[];
    return rows.length === 1;
  }

  /** Records how the period's renewal ended and the invoice it issued. */
  async finishRenewal(manager: EntityManager, renewal: Omit<Renewal, 'createdAt'>): Promise<void> {
    await manager
      .getRepository(Renewal)
      .update(
        { subscriptionId: renewal.subscriptionId, periodStart: renewal.periodStart },
        { outcome: renewal.outcome, invoiceId: renewal.invoiceId },
      );
  }

  /** The subscription's renewal of the period that started at `periodStart`, if one was recorded. */
  findRenewal(manager: EntityManager, subscriptionId: string, periodStart: Date): Promise<Renewal | null> {
    return manager.getRepository(Renewal).findOneBy({ subscriptionId, periodStart });
  }

  /** The renewal that issued the invoice, if a renewal did. */
  findByInvoice(manager: EntityManager, invoiceId: string): Promise<Renewal | null> {
    return manager.getRepository(Renewal).findOneBy({ invoiceId });
  }

  findInvoice(manager: EntityManager, id: string): Promise<Invoice | null> {
    return manager.getRepository(Invoice).findOneBy({ id });
  }

  /** The latest renewal of the subscription. */
  latest(manager: EntityManager, subscriptionId: string): Promise<Renewal | null> {
    return manager
      .getRepository(Renewal)
      .findOne({ where: { subscriptionId }, order: { periodStart: 'DESC' } });
  }

  /**
   * Whether billing may charge the user's card by itself: not while identity says the user is
   * deactivated or deleted (a user it never said so of is active).
   */
  async ownerMayBeCharged(manager: EntityManager | undefined, userId: string): Promise<boolean> {
    const rows = (await (manager ?? this.dataSource.manager).query(
      'SELECT is_active, deleted_at FROM user_standing WHERE user_id = $1',
      [userId],
    )) as Array<{ is_active: boolean; deleted_at: Date | null }>;
    const row = rows[0];
    return !row || (row.is_active && row.deleted_at === null);
  }

  /** The user's Stripe customer and billing e-mail address, if the user has one. */
  async customer(
    manager: EntityManager,
    userId: string,
  ): Promise<{ stripeCustomerId: string; emailAddress: string } | null> {
    const rows = (await manager.query(
      'SELECT stripe_customer_id, email_address FROM stripe_customer WHERE user_id = $1 AND stripe_customer_id IS NOT NULL',
      [userId],
    )) as Array<{ stripe_customer_id: string; email_address: string }>;
    const row = rows[0];
    return row ? { stripeCustomerId: row.stripe_customer_id, emailAddress: row.email_address } : null;
  }

  /** Issues an UNPAID invoice (a renewal's, or an overage invoice); answers its id and number. */
  async insertInvoice(
    manager: EntityManager,
    invoice: Pick<Invoice, 'userId' | 'subscriptionId' | 'amountCents' | 'description' | 'invoiceDate'>,
  ): Promise<{ id: string; invoiceNo: string }> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(Invoice)
      .values({ ...invoice, checkoutId: null, status: 'UNPAID', paidAt: null })
      .returning(['id', 'invoiceNo'])
      .execute();
    const row = (result.raw as Array<{ id: string; invoice_no: string }>)[0];
    return { id: row?.id ?? '', invoiceNo: row?.invoice_no ?? '' };
  }

  /**
   * Texts metered in the period starting at `periodStart`, and the allowance and price per extra text
   * of the subscription's plan.
   */
  async periodUsage(
    manager: EntityManager,
    subscription: Pick<Subscription, 'id' | 'planId'>,
    periodStart: Date,
  ): Promise<{ texts: number; allowance: Allowance }> {
    const rows = (await manager.query(
      `SELECT p.texts_per_month, p.extra_text_price_cents,
              COALESCE((SELECT u.texts FROM subscription_usage u
                         WHERE u.subscription_id = $1 AND u.period_start = $3), 0) AS texts
         FROM plan p WHERE p.plan_id = $2`,
      [subscription.id, subscription.planId, periodStart],
    )) as Array<{ texts_per_month: number; extra_text_price_cents: number; texts: number }>;
    const row = rows[0];
    if (!row) throw new Error(`subscription ${subscription.id} has no plan ${subscription.planId}`);
    return {
      texts: row.texts,
      allowance: { textsPerMonth: row.texts_per_month, extraTextPriceCents: row.extra_text_price_cents },
    };
  }

  /** Writes the invoice's lines, numbered from 1 in order. */
  async insertLines(manager: EntityManager, invoiceId: string, lines: InvoiceLineDraft[]): Promise<void> {
    for (const [index, line] of lines.entries())
      await manager.query(
        `INSERT INTO invoice_line (invoice_id, line_no, description, quantity, unit_price_cents, amount_cents)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [invoiceId, index + 1, line.description, line.quantity, line.unitPriceCents, line.amountCents],
      );
  }

  async markInvoicePaid(
    manager: EntityManager,
    id: string,
    payment: { paidAt: Date; paymentIntentId: string | null; cardId: string },
  ): Promise<void> {
    await manager.getRepository(Invoice).update(
      { id },
      {
        status: 'PAID',
        paidAt: payment.paidAt,
        paymentIntentId: payment.paymentIntentId,
        paidCardId: payment.cardId,
        paymentAttempts: 1,
      },
    );
  }

  async recordInvoiceFailure(manager: EntityManager, id: string, message: string): Promise<void> {
    await manager
      .getRepository(Invoice)
      .update({ id }, { paymentAttempts: 1, lastPaymentError: message.slice(0, 300) });
  }

  async updateSubscription(
    manager: EntityManager,
    id: string,
    change: Partial<Pick<Subscription, 'status' | 'periodStart' | 'nextPaymentDate'>>,
  ): Promise<void> {
    await manager.getRepository(Subscription).update({ id }, change);
  }
}

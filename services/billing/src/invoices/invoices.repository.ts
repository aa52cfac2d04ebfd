import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Invoice } from '../purchases/invoice.entity.js';

/** Invoices as Invoice Management reads and pays them; a payment locks its invoice first. */
@Injectable()
export class InvoicesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The user's invoices, newest first. */
  list(userId: string): Promise<Invoice[]> {
    return this.dataSource
      .getRepository(Invoice)
      .find({ where: { userId }, order: { invoiceDate: 'DESC', invoiceNo: 'DESC' } });
  }

  /** The user's invoice, locked until the transaction ends: one payment of it at a time. */
  lock(manager: EntityManager, userId: string, id: string): Promise<Invoice | null> {
    return manager
      .getRepository(Invoice)
      .findOne({ where: { userId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async markPaid(
    manager: EntityManager,
    id: string,
    payment: { paidAt: Date; paymentIntentId: string | null; cardId: string; attempts: number },
  ): Promise<void> {
    await manager.getRepository(Invoice).update(
      { id },
      {
        status: 'PAID',
        paidAt: payment.paidAt,
        paymentIntentId: payment.paymentIntentId,
        paidCardId: payment.cardId,
        paymentAttempts: payment.attempts,
        lastPaymentError: null,
      },
    );
  }

  async recordFailure(manager: EntityManager, id: string, attempts: number, message: string): Promise<void> {
    await manager
      .getRepository(Invoice)
      .update({ id }, { paymentAttempts: attempts, lastPaymentError: message.slice(0, 300) });
  }
}

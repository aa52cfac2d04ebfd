import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** What a discount offer e-mail says. */
export interface DiscountOffer {
  emailId: string;
  code: string;
  discountType: 'FLAT' | 'PERCENTAGE';
  value: number;
  expiryDate: Date;
}

/** The `discount_offer` and `email_unsubscribe` tables. */
@Injectable()
export class PromotionEmailsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async insertOffer(manager: EntityManager, offer: DiscountOffer): Promise<void> {
    await manager.query(
      `INSERT INTO discount_offer (email_id, code, discount_type, value, expiry_date)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email_id) DO NOTHING`,
      [offer.emailId, offer.code, offer.discountType, offer.value, offer.expiryDate],
    );
  }

  async findOffer(emailId: string): Promise<DiscountOffer | undefined> {
    const [row]: Array<{
      email_id: string;
      code: string;
      discount_type: DiscountOffer['discountType'];
      value: string;
      expiry_date: Date;
    }> = await this.dataSource.query(
      'SELECT email_id, code, discount_type, value, expiry_date FROM discount_offer WHERE email_id = $1',
      [emailId],
    );
    if (!row) return undefined;
    return {
      emailId: row.email_id,
      code: row.code,
      discountType: row.discount_type,
      value: Number(row.value),
      expiryDate: row.expiry_date,
    };
  }

  async isUnsubscribed(manager: EntityManager, emailAddress: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM email_unsubscribe WHERE email_address = $1', [
      emailAddress,
    ]);
    return rows.length > 0;
  }

  async unsubscribe(emailAddress: string): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO email_unsubscribe (email_address) VALUES ($1) ON CONFLICT (email_address) DO NOTHING',
      [emailAddress],
    );
  }
}

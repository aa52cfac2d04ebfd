import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface NewMailing {
  mailingId: string;
  discountId: string;
  emailAddress: string;
}

/** The `discount_mailing` table. */
@Injectable()
export class DiscountMailingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Records the mailings not recorded before (same code, same address); answers those it inserted. */
  async insertNew(manager: EntityManager, mailings: NewMailing[]): Promise<NewMailing[]> {
    if (mailings.length === 0) return [];
    const rows: Array<{ mailing_id: string; discount_id: string; email_address: string }> =
      await manager.query(
        `INSERT INTO discount_mailing (mailing_id, discount_id, email_address)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::varchar[])
         ON CONFLICT (discount_id, email_address) DO NOTHING
         RETURNING mailing_id, discount_id, email_address`,
        [
          mailings.map((m) => m.mailingId),
          mailings.map((m) => m.discountId),
          mailings.map((m) => m.emailAddress),
        ],
      );
    return rows.map((row) => ({
      mailingId: row.mailing_id,
      discountId: row.discount_id,
      emailAddress: row.email_address,
    }));
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Discount, type DiscountType } from './discount.entity.js';

/** The fields a discount is created with. */
export interface NewDiscount {
  code: string;
  discountType: DiscountType;
  value: number;
  maxNoUsage: number;
  expiryDate: Date;
}

/** Reads and writes of discounts; a use is taken in one conditional statement, never read-then-write. */
export abstract class DiscountsRepository {
  /** The discount with this code, whatever its case. */
  abstract findByCode(code: string): Promise<Discount | null>;
  abstract findById(id: string): Promise<Discount | null>;
  /** Creates the discount unless one with the code (any case) exists; answers whichever is stored. */
  abstract insertIfAbsent(fields: NewDiscount): Promise<{ discount: Discount; created: boolean }>;
  /**
   * Takes one use of an active discount that has uses left, in the caller's transaction; false when
   * it is inactive or used up (concurrent takers queue on the row, so the last use is taken once).
   */
  abstract consume(manager: EntityManager, id: string): Promise<boolean>;
}

@Injectable()
export class TypeOrmDiscountsRepository extends DiscountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  private get discounts() {
    return this.dataSource.getRepository(Discount);
  }

  findByCode(code: string): Promise<Discount | null> {
    return this.discounts.createQueryBuilder('d').where('lower(d.code) = lower(:code)', { code }).getOne();
  }

  findById(id: string): Promise<Discount | null> {
    return this.discounts.findOneBy({ id });
  }

  async insertIfAbsent(fields: NewDiscount): Promise<{ discount: Discount; created: boolean }> {
    const result = await this.discounts
      .createQueryBuilder()
      .insert()
      .into(Discount)
      .values(fields)
      .orIgnore()
      .returning(['id'])
      .execute();
    const discount = await this.findByCode(fields.code);
    if (!discount) throw new Error(`discount ${fields.code} neither inserted nor found`);
    return { discount, created: result.raw.length > 0 };
  }

  async consume(manager: EntityManager, id: string): Promise<boolean> {
    const [, affected] = (await manager.query(
      `UPDATE discount SET used_count = used_count + 1, updated_at = now()
        WHERE id = $1 AND used_count < max_no_usage AND is_active`,
      [id],
    )) as [unknown, number];
    return affected === 1;
  }
}

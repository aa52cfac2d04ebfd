import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, IsNull } from 'typeorm';
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
  abstract transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
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
  /** Discounts not deleted, newest first, by code (part, any case), type and creation time [from, before). */
  abstract list(filter: DiscountFilter): Promise<Discount[]>;
  /** Locks the discount (not deleted) for the rest of the transaction. */
  abstract lock(manager: EntityManager, id: string): Promise<Discount | null>;
  abstract save(manager: EntityManager, discount: Discount): Promise<Discount>;
  /** Inserts in the caller's transaction; null when the code (any case) is taken. */
  abstract insert(manager: EntityManager, fields: NewDiscount): Promise<Discount | null>;
}

export interface DiscountFilter {
  code?: string;
  discountType?: DiscountType;
  from?: Date;
  before?: Date;
}

@Injectable()
export class TypeOrmDiscountsRepository extends DiscountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  private get discounts() {
    return this.dataSource.getRepository(Discount);
  }

  findByCode(code: string): Promise<Discount | null> {
    return this.discounts
      .createQueryBuilder('d')
      .where('lower(d.code) = lower(:code)', { code })
      .andWhere('d.deletedAt IS NULL')
      .getOne();
  }

  findById(id: string): Promise<Discount | null> {
    return this.discounts.findOneBy({ id, deletedAt: IsNull() });
  }

  list(filter: DiscountFilter): Promise<Discount[]> {
    const query = this.discounts
      .createQueryBuilder('d')
      .where('d.deletedAt IS NULL')
      .orderBy('d.createdAt', 'DESC');
    if (filter.code) {
      query.andWhere("lower(d.code) LIKE :code ESCAPE '\\'", {
        code: `%${filter.code.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      });
    }
    if (filter.discountType) query.andWhere('d.discountType = :type', { type: filter.discountType });
    if (filter.from) query.andWhere('d.createdAt >= :from', { from: filter.from });
    if (filter.before) query.andWhere('d.createdAt < :before', { before: filter.before });
    return query.getMany();
  }

  lock(manager: EntityManager, id: string): Promise<Discount | null> {
    return manager
      .getRepository(Discount)
      .findOne({ where: { id, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(manager: EntityManager, fields: NewDiscount): Promise<Discount | null> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(Discount)
      .values(fields)
      .orIgnore()
      .returning(['id'])
      .execute();
    const [row] = result.raw as Array<{ id: string }>;
    return row ? manager.getRepository(Discount).findOneByOrFail({ id: row.id }) : null;
  }

  save(manager: EntityManager, discount: Discount): Promise<Discount> {
    return manager.getRepository(Discount).save(discount);
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
        WHERE id = $1 AND used_count < max_no_usage AND is_active AND deleted_at IS NULL`,
      [id],
    )) as [unknown, number];
    return affected === 1;
  }
}

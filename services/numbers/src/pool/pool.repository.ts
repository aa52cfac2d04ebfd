import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { PhoneNumber, type PhoneNumberState } from './phone-number.entity.js';

/** The columns an administrator sets; the country is derived from the number. */
export interface PhoneNumberFields {
  e164: string;
  sid: string;
  referenceName: string;
  countryIso: string;
}

/** Which unique column a write collided with. */
export type UniqueField = 'e164' | 'sid';

/** A write that would give two rows the same number or the same SID. */
export class DuplicatePhoneNumber extends Error {
  constructor(readonly field: UniqueField) {
    super(`phone_number.${field} already exists`);
  }
}

/** What a change or removal of a free number found. */
export type FreeOnlyResult<T> =
  | { outcome: 'done'; value: T }
  | { outcome: 'missing' }
  | { outcome: 'not-free'; state: PhoneNumberState };

/** Reads and writes of the pool. Changes to a number happen only while it is FREE, in one statement with that check. */
export abstract class PoolRepository {
  /** Newest first; `digits` (optional) must appear somewhere in the number. */
  abstract list(digits?: string): Promise<PhoneNumber[]>;
  /** Inserts a FREE number, then runs `andThen` in the same transaction (it may change the row). */
  abstract insert(
    fields: PhoneNumberFields,
    andThen: (manager: EntityManager, inserted: PhoneNumber) => Promise<void>,
  ): Promise<PhoneNumber>;
  abstract updateIfFree(id: number, fields: PhoneNumberFields): Promise<FreeOnlyResult<PhoneNumber>>;
  abstract deleteIfFree(id: number): Promise<FreeOnlyResult<null>>;
}

const UNIQUE_CONSTRAINTS: Record<string, UniqueField> = {
  phone_number_e164_key: 'e164',
  phone_number_sid_key: 'sid',
};

/** The unique index a failed write hit, as a DuplicatePhoneNumber; anything else unchanged. */
function duplicateOrSame(error: unknown): unknown {
  if (!(error instanceof QueryFailedError)) return error;
  const driverError = error.driverError as { code?: string; constraint?: string };
  const field = driverError.code === '23505' ? UNIQUE_CONSTRAINTS[driverError.constraint ?? ''] : undefined;
  return field ? new DuplicatePhoneNumber(field) : error;
}

/** LIKE's own wildcards in a search text are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class TypeOrmPoolRepository extends PoolRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  private get numbers() {
    return this.dataSource.getRepository(PhoneNumber);
  }

  list(digits?: string): Promise<PhoneNumber[]> {
    const query = this.numbers.createQueryBuilder('n').orderBy('n.id', 'DESC');
    if (digits) query.where('n.e164 LIKE :pattern', { pattern: likePattern(digits) });
    return query.getMany();
  }

  async insert(
    fields: PhoneNumberFields,
    andThen: (manager: EntityManager, inserted: PhoneNumber) => Promise<void>,
  ): Promise<PhoneNumber> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const repository = manager.getRepository(PhoneNumber);
        const inserted = await repository.save(repository.create({ ...fields, state: 'FREE' }));
        await andThen(manager, inserted);
        return repository.findOneByOrFail({ id: inserted.id });
      });
    } catch (error) {
      throw duplicateOrSame(error);
    }
  }

  async updateIfFree(id: number, fields: PhoneNumberFields): Promise<FreeOnlyResult<PhoneNumber>> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const repository = manager.getRepository(PhoneNumber);
        // Locked, so an allocation cannot take the number between this check and the write.
        const current = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!current) return { outcome: 'missing' };
        if (current.state !== 'FREE') return { outcome: 'not-free', state: current.state };
        return { outcome: 'done', value: await repository.save(repository.merge(current, fields)) };
      });
    } catch (error) {
      throw duplicateOrSame(error);
    }
  }

  async deleteIfFree(id: number): Promise<FreeOnlyResult<null>> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(PhoneNumber);
      const current = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) return { outcome: 'missing' };
      if (current.state !== 'FREE') return { outcome: 'not-free', state: current.state };
      await repository.delete({ id });
      return { outcome: 'done', value: null };
    });
  }
}

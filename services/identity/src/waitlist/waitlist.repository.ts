import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull, Not } from 'typeorm';
import { WaitlistSignup } from './waitlist-signup.entity.js';

/** The `waitlist_signup` table. */
@Injectable()
export class WaitlistRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The address's row, created when missing, locked for the rest of the transaction. */
  async lockOrCreate(manager: EntityManager, signup: WaitlistSignup): Promise<WaitlistSignup> {
    await manager.createQueryBuilder().insert().into(WaitlistSignup).values(signup).orIgnore().execute();
    const row = await this.lock(manager, signup.emailAddress);
    if (!row) throw new Error('the waitlist row was neither inserted nor found');
    return row;
  }

  /** The address's row locked for the rest of the transaction: concurrent guesses are judged one by one. */
  lock(manager: EntityManager, emailAddress: string): Promise<WaitlistSignup | null> {
    return manager
      .getRepository(WaitlistSignup)
      .findOne({ where: { emailAddress }, lock: { mode: 'pessimistic_write' } });
  }

  async save(manager: EntityManager, signup: WaitlistSignup): Promise<void> {
    await manager.getRepository(WaitlistSignup).save(signup);
  }

  /** Confirmed addresses, newest first (messaging skips those that unsubscribed). */
  prospects(): Promise<WaitlistSignup[]> {
    return this.dataSource.getRepository(WaitlistSignup).find({
      where: { verifiedAt: Not(IsNull()) },
      order: { verifiedAt: 'DESC' },
    });
  }
}

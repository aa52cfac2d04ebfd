import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull, MoreThan } from 'typeorm';
import { type CodePurpose, OneTimeCode } from './one-time-code.entity.js';

/** Reads and writes of one-time codes, always in the caller's transaction. */
@Injectable()
export class OneTimeCodesRepository {
  /** When each code of a user and purpose issued after `since` was issued, oldest first. */
  async issuedSince(
    manager: EntityManager,
    userId: string,
    purpose: CodePurpose,
    since: Date,
  ): Promise<Date[]> {
    const rows = await manager.getRepository(OneTimeCode).find({
      select: { createdAt: true },
      where: { userId, purpose, createdAt: MoreThan(since) },
      order: { createdAt: 'ASC' },
    });
    return rows.map((row) => row.createdAt);
  }

  /** The unspent, unexpired codes of a user and purpose, newest first, locked for the transaction. */
  live(manager: EntityManager, userId: string, purpose: CodePurpose, now: Date): Promise<OneTimeCode[]> {
    return manager.getRepository(OneTimeCode).find({
      where: { userId, purpose, consumedAt: IsNull(), expiresAt: MoreThan(now) },
      order: { createdAt: 'DESC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async insert(manager: EntityManager, code: OneTimeCode): Promise<void> {
    await manager.getRepository(OneTimeCode).insert(code);
  }

  async countWrongTry(manager: EntityManager, codeId: string): Promise<void> {
    await manager.getRepository(OneTimeCode).increment({ codeId }, 'failedAttempts', 1);
  }

  /** Spends every unspent code of the user (of one purpose, or all). */
  async spendAll(
    manager: EntityManager,
    userId: string,
    purpose: CodePurpose | undefined,
    at: Date,
  ): Promise<void> {
    await manager
      .getRepository(OneTimeCode)
      .update({ userId, consumedAt: IsNull(), ...(purpose ? { purpose } : {}) }, { consumedAt: at });
  }
}

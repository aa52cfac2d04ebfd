import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Clock, DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export type CodePurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

/** Every e-mailed code: 6 digits, valid 10 minutes, single use, at most 5 wrong tries. */
export const CODE_RULES = {
  digits: 6,
  validForMs: 10 * 60_000,
  maxWrongTries: 5,
  /** At most this many codes per address and purpose in an hour, so nobody floods an inbox. */
  maxIssuedPerHour: 5,
} as const;

export interface IssuedCode {
  code: string;
  expiresAt: Date;
}

interface CodeRow {
  code_id: string;
  code_hash: string;
  expires_at: Date;
  failed_attempts: number;
  consumed_at: Date | null;
}

export const codeExpired = () =>
  new DomainError('CODE_EXPIRED', 'The code has expired or was already used. Please request a new one');

const digest = (codeId: string, code: string) =>
  createHash('sha256').update(`${codeId}:${code}`).digest('hex');

/**
 * Issues and checks one-time codes. Only a hash is stored. Each code lives 10 minutes; the first
 * correct use spends every live code of that purpose, and so does the fifth wrong try.
 */
@Injectable()
export class OneTimeCodesService {
  constructor(@Inject(Clock) private readonly clock: Clock) {}

  async issue(manager: EntityManager, userId: string, purpose: CodePurpose): Promise<IssuedCode> {
    const now = this.clock.now();
    const [recent] = await manager.query(
      `SELECT count(*)::int AS issued FROM one_time_code
        WHERE user_id = $1 AND purpose = $2 AND created_at > $3`,
      [userId, purpose, new Date(now.getTime() - 3_600_000)],
    );
    if (recent.issued >= CODE_RULES.maxIssuedPerHour) {
      throw new DomainError(
        'TOO_MANY_CODES',
        'Too many codes were requested. Please try again in an hour',
        429,
      );
    }
    const code = String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');
    const codeId = randomUUID();
    const expiresAt = new Date(now.getTime() + CODE_RULES.validForMs);
    await manager.query(
      `INSERT INTO one_time_code (code_id, user_id, purpose, code_hash, expires_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [codeId, userId, purpose, digest(codeId, code), expiresAt, now],
    );
    return { code, expiresAt };
  }

  /**
   * Spends the codes of this purpose when the given one is any of the user's live codes (a person
   * may use the code of an earlier e-mail). Otherwise counts a wrong try against the newest code
   * and returns the error to throw once the caller's transaction has committed, so the count is kept.
   */
  async consume(
    manager: EntityManager,
    userId: string,
    purpose: CodePurpose,
    code: string,
  ): Promise<DomainError | undefined> {
    const now = this.clock.now();
    const live: CodeRow[] = await manager.query(
      `SELECT code_id, code_hash, expires_at, failed_attempts, consumed_at FROM one_time_code
        WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL AND expires_at > $3
        ORDER BY created_at DESC FOR UPDATE`,
      [userId, purpose, now],
    );
    const [newest] = live;
    if (!newest) return codeExpired();
    if (newest.failed_attempts >= CODE_RULES.maxWrongTries) {
      return new DomainError('CODE_LOCKED', 'Too many wrong codes. Please request a new one');
    }
    const matches = live.some((row) =>
      timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(digest(row.code_id, code), 'hex')),
    );
    if (!matches) {
      const tries = newest.failed_attempts + 1;
      await manager.query('UPDATE one_time_code SET failed_attempts = $2 WHERE code_id = $1', [
        newest.code_id,
        tries,
      ]);
      const left = CODE_RULES.maxWrongTries - tries;
      if (left > 0) {
        return new DomainError(
          'CODE_WRONG',
          `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left`,
        );
      }
      await this.spendAll(manager, userId, purpose, now);
      return new DomainError('CODE_LOCKED', 'Too many wrong codes. Please request a new one');
    }
    await this.spendAll(manager, userId, purpose, now);
    return undefined;
  }

  private async spendAll(
    manager: EntityManager,
    userId: string,
    purpose: CodePurpose,
    now: Date,
  ): Promise<void> {
    await manager.query(
      'UPDATE one_time_code SET consumed_at = $3 WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL',
      [userId, purpose, now],
    );
  }
}

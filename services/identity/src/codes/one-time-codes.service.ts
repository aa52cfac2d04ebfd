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
 * Issues and checks one-time codes. Only a hash is stored. A new code replaces the previous one of
 * the same purpose; a code is spent by its first correct use, or by its fifth wrong try.
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
    await manager.query(
      `UPDATE one_time_code SET consumed_at = $3
        WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL`,
      [userId, purpose, now],
    );
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
   * Spends the code when it is right. Otherwise counts a wrong try and returns the error to throw
   * once the caller's transaction has committed (so the count is kept).
   */
  async consume(
    manager: EntityManager,
    userId: string,
    purpose: CodePurpose,
    code: string,
  ): Promise<DomainError | undefined> {
    const [row]: CodeRow[] = await manager.query(
      `SELECT code_id, code_hash, expires_at, failed_attempts, consumed_at FROM one_time_code
        WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [userId, purpose],
    );
    const now = this.clock.now();
    if (!row || row.consumed_at || row.expires_at <= now) return codeExpired();
    if (row.failed_attempts >= CODE_RULES.maxWrongTries) {
      return new DomainError('CODE_LOCKED', 'Too many wrong codes. Please request a new one');
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(digest(row.code_id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const tries = row.failed_attempts + 1;
      await manager.query('UPDATE one_time_code SET failed_attempts = $2 WHERE code_id = $1', [
        row.code_id,
        tries,
      ]);
      const left = CODE_RULES.maxWrongTries - tries;
      return left > 0
        ? new DomainError(
            'CODE_WRONG',
            `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left`,
          )
        : new DomainError('CODE_LOCKED', 'Too many wrong codes. Please request a new one');
    }
    await manager.query('UPDATE one_time_code SET consumed_at = $2 WHERE code_id = $1', [row.code_id, now]);
    return undefined;
  }
}

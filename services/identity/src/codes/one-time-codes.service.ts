import { randomUUID } from 'node:crypto';
import { codeRejected } from '@multimfa/service-contracts/identity';
import { Clock, DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CodeSecret } from './code-secret.service.js';
import { type CodePurpose, OneTimeCode } from './one-time-code.entity.js';
import { OneTimeCodesRepository } from './one-time-codes.repository.js';

export type { CodePurpose } from './one-time-code.entity.js';

/** Every e-mailed code: 6 digits, valid 10 minutes, single use, 5 wrong tries across all live codes. */
const HOUR_MS = 3_600_000;

export const CODE_RULES = {
  digits: 6,
  validForMs: 10 * 60_000,
  maxWrongTries: 5,
  /** At most this many new codes per address and purpose in an hour, so nobody floods an inbox. */
  maxIssuedPerHour: 5,
  /** A live code with at least this long left is e-mailed again instead of minting a new one. */
  resendWhileLeftMs: 2 * 60_000,
} as const;

export interface IssuedCode {
  code: string;
  expiresAt: Date;
}

/**
 * Issues and checks one-time codes. A request while a code is live e-mails that code again rather than
 * spending the hourly allowance. Wrong tries count across every live code of the user and purpose; the
 * first correct use spends them all, and so does the last allowed wrong try.
 */
@Injectable()
export class OneTimeCodesService {
  constructor(
    @Inject(OneTimeCodesRepository) private readonly codes: OneTimeCodesRepository,
    @Inject(CodeSecret) private readonly secret: CodeSecret,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The code to e-mail now: the live one again, or a new one. */
  async issue(manager: EntityManager, userId: string, purpose: CodePurpose): Promise<IssuedCode> {
    const now = this.clock.now();
    const live = await this.codes.live(manager, userId, purpose, now);
    const resendable = live.find(
      (code) => code.expiresAt.getTime() - now.getTime() >= CODE_RULES.resendWhileLeftMs,
    );
    if (resendable) {
      return {
        code: this.secret.codeFor(resendable.codeId, CODE_RULES.digits),
        expiresAt: resendable.expiresAt,
      };
    }
    const since = new Date(now.getTime() - HOUR_MS);
    const issued = await this.codes.issuedSince(manager, userId, purpose, since);
    if (issued.length >= CODE_RULES.maxIssuedPerHour) {
      // The hour's window frees a place when the oldest code of the last five turns an hour old.
      const freedAt = (issued.at(-CODE_RULES.maxIssuedPerHour) as Date).getTime() + HOUR_MS;
      throw new DomainError(
        'TOO_MANY_CODES',
        'Too many codes were requested. Please try again in an hour',
        429,
        {
          retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)),
        },
      );
    }
    const codeId = randomUUID();
    const code = this.secret.codeFor(codeId, CODE_RULES.digits);
    const expiresAt = new Date(now.getTime() + CODE_RULES.validForMs);
    await this.codes.insert(
      manager,
      Object.assign(new OneTimeCode(), {
        codeId,
        userId,
        purpose,
        codeHash: this.secret.hash(codeId, code),
        expiresAt,
        failedAttempts: 0,
        consumedAt: null,
        createdAt: now,
      } satisfies OneTimeCode),
    );
    return { code, expiresAt };
  }

  /**
   * Spends the codes of this purpose when the given one is any of the user's live codes (a person may
   * use the code of an earlier e-mail). Otherwise counts a wrong try and returns the error to throw
   * once the caller's transaction has committed, so the count is kept.
   */
  async consume(
    manager: EntityManager,
    userId: string,
    purpose: CodePurpose,
    code: string,
  ): Promise<DomainError | undefined> {
    const now = this.clock.now();
    const live = await this.codes.live(manager, userId, purpose, now);
    const [newest] = live;
    if (!newest) return codeRejected();
    const wrongTries = live.reduce((sum, row) => sum + row.failedAttempts, 0);
    if (wrongTries >= CODE_RULES.maxWrongTries) {
      await this.codes.spendAll(manager, userId, purpose, now);
      return codeRejected();
    }
    if (live.some((row) => this.secret.matches(row.codeId, code, row.codeHash))) {
      await this.codes.spendAll(manager, userId, purpose, now);
      return undefined;
    }
    await this.codes.countWrongTry(manager, newest.codeId);
    if (wrongTries + 1 >= CODE_RULES.maxWrongTries) await this.codes.spendAll(manager, userId, purpose, now);
    return codeRejected();
  }

  /** Spends every live code of the user: after a password change, a reset, or a Google take-over. */
  spendAll(manager: EntityManager, userId: string, purpose?: CodePurpose): Promise<void> {
    return this.codes.spendAll(manager, userId, purpose, this.clock.now());
  }
}

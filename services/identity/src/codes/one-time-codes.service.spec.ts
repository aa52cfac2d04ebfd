import assert from 'node:assert/strict';
import { beforeEach, describe, it } from '@jest/globals';
import { DomainError, FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import { CodeSecret } from './code-secret.service.js';
import type { CodePurpose, OneTimeCode } from './one-time-code.entity.js';
import type { OneTimeCodesRepository } from './one-time-codes.repository.js';
import { CODE_RULES, OneTimeCodesService } from './one-time-codes.service.js';

/** The repository's contract over an array (the SQL itself is covered by identity's integration tests). */
class CodesInMemory implements Pick<OneTimeCodesRepository, keyof OneTimeCodesRepository> {
  readonly rows: OneTimeCode[] = [];

  async issuedSince(_m: EntityManager, userId: string, purpose: CodePurpose, since: Date) {
    return this.rows
      .filter((row) => row.userId === userId && row.purpose === purpose && row.createdAt > since)
      .map((row) => row.createdAt)
      .sort((a, b) => a.getTime() - b.getTime());
  }
  async live(_m: EntityManager, userId: string, purpose: CodePurpose, now: Date) {
    return this.rows
      .filter(
        (row) => row.userId === userId && row.purpose === purpose && !row.consumedAt && row.expiresAt > now,
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
  async insert(_m: EntityManager, code: OneTimeCode) {
    this.rows.push({ ...code });
  }
  async countWrongTry(_m: EntityManager, codeId: string) {
    for (const row of this.rows) if (row.codeId === codeId) row.failedAttempts += 1;
  }
  async spendAll(_m: EntityManager, userId: string, purpose: CodePurpose | undefined, at: Date) {
    for (const row of this.rows)
      if (row.userId === userId && !row.consumedAt && (!purpose || row.purpose === purpose))
        row.consumedAt = at;
  }
}

const manager = {} as EntityManager;
const USER = 'user-1';

describe('OneTimeCodesService', () => {
  let clock: FixedClock;
  let repository: CodesInMemory;
  let codes: OneTimeCodesService;
  const issue = async () => (await codes.issue(manager, USER, 'VERIFY_EMAIL')).code;
  const wrongFor = (...right: string[]) =>
    ['000000', '000001', '000002'].find((code) => !right.includes(code)) ?? '';

  beforeEach(() => {
    clock = new FixedClock();
    repository = new CodesInMemory();
    codes = new OneTimeCodesService(
      repository as unknown as OneTimeCodesRepository,
      new CodeSecret('k'.repeat(32)),
      clock,
    );
  });

  it('stores a keyed HMAC of the code, never the code', async () => {
    const code = await issue();
    assert.match(code, /^\d{6}$/);
    const [row] = repository.rows;
    assert.equal(row?.codeHash.length, 64);
    assert.doesNotMatch(JSON.stringify(row), new RegExp(code));
  });

  it('e-mails the live code again instead of minting a new one', async () => {
    const code = await issue();
    clock.advance(CODE_RULES.validForMs - CODE_RULES.resendWhileLeftMs);
    assert.equal(await issue(), code);
    assert.equal(repository.rows.length, 1);
  });

  it('mints a new code once the live one has under 2 minutes left, at most 5 an hour', async () => {
    const sent: string[] = [];
    for (let i = 0; i < CODE_RULES.maxIssuedPerHour; i += 1) {
      sent.push(await issue());
      clock.advance(CODE_RULES.validForMs - CODE_RULES.resendWhileLeftMs + 1);
    }
    assert.equal(new Set(sent).size, 5);
    await assert.rejects(
      codes.issue(manager, USER, 'VERIFY_EMAIL'),
      (error) => error instanceof DomainError && error.code === 'TOO_MANY_CODES',
    );
  });

  it("says when a new code may be asked for: once the oldest of the hour's five is an hour old", async () => {
    const step = CODE_RULES.validForMs - CODE_RULES.resendWhileLeftMs + 1;
    for (let i = 0; i < CODE_RULES.maxIssuedPerHour; i += 1) {
      await issue();
      clock.advance(step);
    }
    // The first code was issued 5 steps ago: its hour ends in 3,600,000 - 5 * step ms.
    const expected = Math.ceil((3_600_000 - CODE_RULES.maxIssuedPerHour * step) / 1000);
    await assert.rejects(
      codes.issue(manager, USER, 'VERIFY_EMAIL'),
      (error) =>
        error instanceof DomainError &&
        (error.data as { retryAfterSeconds?: number }).retryAfterSeconds === expected,
    );
    clock.advance(expected * 1000);
    assert.match(await issue(), /^\d{6}$/);
  });

  it('accepts any live code once, then none', async () => {
    const first = await issue();
    clock.advance(CODE_RULES.validForMs - CODE_RULES.resendWhileLeftMs + 1);
    await issue();
    assert.equal(await codes.consume(manager, USER, 'VERIFY_EMAIL', first), undefined);
    assert.equal((await codes.consume(manager, USER, 'VERIFY_EMAIL', first))?.code, 'CODE_INVALID');
  });

  it('counts wrong tries across every live code: the fifth spends them all', async () => {
    const first = await issue();
    for (let i = 0; i < 4; i += 1) await codes.consume(manager, USER, 'VERIFY_EMAIL', wrongFor(first));
    clock.advance(CODE_RULES.validForMs - CODE_RULES.resendWhileLeftMs + 1);
    const second = await issue();
    await codes.consume(manager, USER, 'VERIFY_EMAIL', wrongFor(first, second));
    assert.equal((await codes.consume(manager, USER, 'VERIFY_EMAIL', second))?.code, 'CODE_INVALID');
  });

  it('gives one answer for a wrong, an expired and a spent code', async () => {
    const code = await issue();
    const wrong = await codes.consume(manager, USER, 'VERIFY_EMAIL', wrongFor(code));
    clock.advance(CODE_RULES.validForMs);
    const expired = await codes.consume(manager, USER, 'VERIFY_EMAIL', code);
    assert.deepEqual([wrong?.code, wrong?.message], [expired?.code, expired?.message]);
  });
});

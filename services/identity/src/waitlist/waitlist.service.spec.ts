import assert from 'node:assert/strict';
import { beforeEach, describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { waitlistConfirmed } from '@multimfa/events';
import { DomainError, FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import { CodeSecret } from '../codes/code-secret.service.js';
import { CODE_RULES } from '../codes/one-time-codes.service.js';
import type { WaitlistRepository } from './waitlist.repository.js';
import { WaitlistService } from './waitlist.service.js';
import type { WaitlistSignup } from './waitlist-signup.entity.js';

/** The repository's contract over a map (the SQL and its row lock are covered by the gateway's integration test). */
class SignupsInMemory implements Pick<WaitlistRepository, keyof WaitlistRepository> {
  readonly rows = new Map<string, WaitlistSignup>();
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return work({} as EntityManager);
  }
  async lockOrCreate(_m: EntityManager, signup: WaitlistSignup) {
    if (!this.rows.has(signup.emailAddress)) this.rows.set(signup.emailAddress, { ...signup });
    return { ...(this.rows.get(signup.emailAddress) as WaitlistSignup) };
  }
  async lock(_m: EntityManager, emailAddress: string) {
    const row = this.rows.get(emailAddress);
    return row ? { ...row } : null;
  }
  async save(_m: EntityManager, signup: WaitlistSignup) {
    this.rows.set(signup.emailAddress, { ...signup });
  }
  async prospects() {
    return [...this.rows.values()].filter((row) => row.verifiedAt);
  }
}

const ADDRESS = 'ada@example.com';

describe('WaitlistService', () => {
  let clock: FixedClock;
  let rows: SignupsInMemory;
  let sent: Array<{ emailAddress: string; sealedCode: string; expiresAt: string }>;
  let confirmed: Array<{ signupId: string; emailAddress: string; confirmedAt: string }>;
  let waitlist: WaitlistService;

  const join = async () => {
    await waitlist.join(ADDRESS);
    const last = sent.at(-1);
    assert.ok(last);
    return last.sealedCode.replace('sealed:', '');
  };
  const rejected = (code: string) =>
    assert.rejects(
      waitlist.verify(ADDRESS, code),
      (error) => error instanceof DomainError && error.code === 'CODE_INVALID',
    );
  const wrongFor = (right: string) => (right === '000000' ? '000001' : '000000');

  beforeEach(() => {
    clock = new FixedClock();
    rows = new SignupsInMemory();
    sent = [];
    confirmed = [];
    const outbox = {
      seal: (secret: string) => `sealed:${secret}`,
      publish: async (_m: EntityManager, definition: { type: string }, payload: never) => {
        if (definition.type === waitlistConfirmed.type) confirmed.push(payload);
        else sent.push(payload);
      },
    } as unknown as Outbox;
    waitlist = new WaitlistService(
      rows as unknown as WaitlistRepository,
      new CodeSecret('k'.repeat(32)),
      outbox,
      clock,
    );
  });

  it('e-mails a sealed 6-digit code valid 10 minutes and stores only its keyed HMAC', async () => {
    const code = await join();
    assert.match(code, /^\d{6}$/);
    assert.equal(sent[0]?.expiresAt, new Date(clock.now().getTime() + CODE_RULES.validForMs).toISOString());
    const row = rows.rows.get(ADDRESS);
    assert.equal(row?.codeHash?.length, 64);
    assert.doesNotMatch(JSON.stringify(row), new RegExp(code));
  });

  it('e-mails the live code again while it has 2 minutes left, then a new one', async () => {
    const first = await join();
    clock.advance(CODE_RULES.validForMs - CODE_RULES.resendWhileLeftMs);
    assert.equal(await join(), first);
    clock.advance(1);
    assert.notEqual(await join(), first);
  });

  it('mints at most 5 new codes an hour per address (429 TOO_MANY_CODES), and 5 more the next hour', async () => {
    for (let i = 0; i < CODE_RULES.maxIssuedPerHour; i += 1) {
      await join();
      clock.advance(CODE_RULES.validForMs);
    }
    await assert.rejects(
      waitlist.join(ADDRESS),
      (error) => error instanceof DomainError && error.code === 'TOO_MANY_CODES' && error.status === 429,
    );
    clock.advance(3_600_000);
    await join();
  });

  it('confirms the address with its code once; the same code then gets the one refusal', async () => {
    const code = await join();
    await waitlist.verify(ADDRESS, code);
    assert.deepEqual(
      (await waitlist.prospects()).map((p) => [p.emailAddress, p.type, p.verifiedAt]),
      [[ADDRESS, 'WAITLIST', clock.now().toISOString()]],
    );
    await rejected(code);
  });

  it('publishes identity.waitlist.confirmed with the address and time on the first confirmation only', async () => {
    await waitlist.verify(ADDRESS, await join());
    const at = clock.now().toISOString();
    clock.advance(CODE_RULES.validForMs);
    await waitlist.verify(ADDRESS, await join());
    assert.deepEqual(
      confirmed.map((event) => [event.emailAddress, event.confirmedAt, event.signupId]),
      [[ADDRESS, at, rows.rows.get(ADDRESS)?.signupId]],
    );
  });

  it('spends the code on the fifth wrong try: the right code is refused after it', async () => {
    const code = await join();
    for (let i = 0; i < CODE_RULES.maxWrongTries; i += 1) await rejected(wrongFor(code));
    await rejected(code);
    assert.deepEqual(await waitlist.prospects(), []);
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const code = await join();
    for (let i = 0; i < CODE_RULES.maxWrongTries - 1; i += 1) await rejected(wrongFor(code));
    await waitlist.verify(ADDRESS, code);
    assert.equal((await waitlist.prospects()).length, 1);
  });

  it('refuses an expired code and an address that never joined with the same error', async () => {
    const code = await join();
    clock.advance(CODE_RULES.validForMs);
    const expired = await waitlist.verify(ADDRESS, code).catch((error: DomainError) => error);
    const unknown = await waitlist.verify('nobody@example.com', code).catch((error: DomainError) => error);
    assert.ok(expired instanceof DomainError && unknown instanceof DomainError);
    assert.deepEqual([expired.code, expired.message], [unknown.code, unknown.message]);
  });
});

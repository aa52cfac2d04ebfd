import { randomUUID } from 'node:crypto';
import { Outbox } from '@multimfa/event-bus';
import { waitlistCodeRequested, waitlistConfirmed } from '@multimfa/events';
import { codeRejected, type Prospect } from '@multimfa/service-contracts/identity';
import { Clock, DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { CodeSecret } from '../codes/code-secret.service.js';
import { CODE_RULES } from '../codes/one-time-codes.service.js';
import { WaitlistRepository } from './waitlist.repository.js';
import { WaitlistSignup } from './waitlist-signup.entity.js';

const HOUR_MS = 3_600_000;

/**
 * The waitlist's double opt-in (/promotion). Joining e-mails a 6-digit code (the live one again while it
 * has at least 2 minutes left, else a new one, at most 5 new ones an hour per address); the code is
 * valid 10 minutes, single use, and the fifth wrong try spends it. Every answer is the same whether or
 * not the address is already on the list, and a wrong, expired or spent code get one answer.
 */
@Injectable()
export class WaitlistService {
  constructor(
    @Inject(WaitlistRepository) private readonly signups: WaitlistRepository,
    @Inject(CodeSecret) private readonly secret: CodeSecret,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async join(emailAddress: string): Promise<void> {
    await this.signups.transaction(async (manager) => {
      const now = this.clock.now();
      const signup = await this.signups.lockOrCreate(manager, this.newSignup(emailAddress, now));
      const code = this.codeToSend(signup, now);
      signup.updatedAt = now;
      await this.signups.save(manager, signup);
      const notificationId = randomUUID();
      await this.outbox.publish(manager, waitlistCodeRequested, {
        notificationId,
        signupId: signup.signupId,
        emailAddress: signup.emailAddress,
        // Sealed for messaging, bound to this notification: never in plain text in the outbox or Kafka.
        sealedCode: this.outbox.seal(code, notificationId),
        expiresAt: (signup.codeExpiresAt as Date).toISOString(),
      });
    });
  }

  /** Confirms the address with its code; the refusal is thrown after the commit, so the wrong try counts. */
  async verify(emailAddress: string, code: string): Promise<void> {
    const refusal = await this.signups.transaction(async (manager) => {
      const now = this.clock.now();
      const signup = await this.signups.lock(manager, emailAddress);
      if (!signup?.codeId || !signup.codeHash || !signup.codeExpiresAt || signup.codeExpiresAt <= now) {
        return codeRejected();
      }
      signup.updatedAt = now;
      if (this.secret.matches(signup.codeId, code, signup.codeHash)) {
        spend(signup);
        const firstConfirmation = !signup.verifiedAt;
        signup.verifiedAt ??= now;
        await this.signups.save(manager, signup);
        if (firstConfirmation) {
          await this.outbox.publish(manager, waitlistConfirmed, {
            signupId: signup.signupId,
            emailAddress: signup.emailAddress,
            confirmedAt: now.toISOString(),
          });
        }
        return undefined;
      }
      signup.failedAttempts += 1;
      if (signup.failedAttempts >= CODE_RULES.maxWrongTries) spend(signup);
      await this.signups.save(manager, signup);
      return codeRejected();
    });
    if (refusal) throw refusal;
  }

  /** Confirmed addresses: the prospects of the Discounts Mailing List. */
  async prospects(): Promise<Prospect[]> {
    return (await this.signups.prospects()).map((signup) => ({
      emailAddress: signup.emailAddress,
      type: 'WAITLIST',
      verifiedAt: (signup.verifiedAt as Date).toISOString(),
    }));
  }

  /** The code to e-mail now: the live one again, or a new one within the hourly allowance. */
  private codeToSend(signup: WaitlistSignup, now: Date): string {
    const left = signup.codeExpiresAt ? signup.codeExpiresAt.getTime() - now.getTime() : 0;
    if (signup.codeId && left >= CODE_RULES.resendWhileLeftMs) {
      return this.secret.codeFor(signup.codeId, CODE_RULES.digits);
    }
    if (!signup.issueWindowStartedAt || now.getTime() - signup.issueWindowStartedAt.getTime() >= HOUR_MS) {
      signup.issueWindowStartedAt = now;
      signup.codesIssued = 0;
    }
    if (signup.codesIssued >= CODE_RULES.maxIssuedPerHour) {
      throw new DomainError(
        'TOO_MANY_CODES',
        'Too many codes were requested. Please try again in an hour',
        429,
      );
    }
    const codeId = randomUUID();
    const code = this.secret.codeFor(codeId, CODE_RULES.digits);
    Object.assign(signup, {
      codeId,
      codeHash: this.secret.hash(codeId, code),
      codeExpiresAt: new Date(now.getTime() + CODE_RULES.validForMs),
      failedAttempts: 0,
      codesIssued: signup.codesIssued + 1,
    });
    return code;
  }

  private newSignup(emailAddress: string, now: Date): WaitlistSignup {
    return Object.assign(new WaitlistSignup(), {
      signupId: randomUUID(),
      emailAddress,
      codeId: null,
      codeHash: null,
      codeExpiresAt: null,
      failedAttempts: 0,
      codesIssued: 0,
      issueWindowStartedAt: null,
      verifiedAt: null,
      createdAt: now,
      updatedAt: now,
    } satisfies WaitlistSignup);
  }
}

/** A used code, or one guessed wrong too often, can never be used again. */
function spend(signup: WaitlistSignup): void {
  signup.codeId = null;
  signup.codeHash = null;
  signup.codeExpiresAt = null;
  signup.failedAttempts = 0;
}

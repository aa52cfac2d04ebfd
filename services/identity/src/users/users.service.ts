import { randomUUID } from 'node:crypto';
import { Outbox } from '@multimfa/event-bus';
import {
  emailVerified,
  notificationRequested,
  type PayloadOf,
  passwordChanged,
  profileUpdated,
  userRegistered,
} from '@multimfa/events';
import {
  accountInactive,
  codeRejected,
  googleIdentityRequired,
  type RegisterRequest,
  type Registration,
} from '@multimfa/service-contracts/identity';
import { Clock, DomainError, LOGGER, type Logger, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type CodePurpose, OneTimeCodesService } from '../codes/one-time-codes.service.js';
import { PasswordHasher } from '../passwords/password-hasher.port.js';
import { accountExistsNoticeDue } from './account-exists-notice.rules.js';
import { toUserDto, type UserDto } from './dto/user.dto.js';
import { User, type UserType } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

const INVALID_CREDENTIALS = () =>
  new DomainError('INVALID_CREDENTIALS', 'Invalid email address or password', 401);

/** Accounts: registration, sign-in checks, codes, passwords, profile, Google identities. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(OneTimeCodesService) private readonly codes: OneTimeCodesService,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Sign-up through the gateway. An address that already has an account answers as a new account would
   * (unverified, under a fresh id that no account has) and e-mails the owner instead (at most once a
   * day), so sign-up never tells whether an address is registered. The address is looked up before the
   * password is hashed; a taken one costs an argon2 check of the same parameters instead, so both
   * answers take as long. A Google sign-up has proven the address, so it is told.
   */
  async signUp(request: RegisterRequest): Promise<Registration> {
    if (!request.google && (await this.users.findByEmail(request.emailAddress))) {
      await this.hasher.verifyNothing(request.password ?? '');
      return this.answerForTakenAddress(request);
    }
    try {
      return { ...(await this.register(request)), accountExisted: false };
    } catch (error) {
      if (request.google || !(error instanceof DomainError && error.code === 'EMAIL_TAKEN')) throw error;
    }
    return this.answerForTakenAddress(request);
  }

  /** A new account's answer for an address someone already holds; its owner is told. */
  private async answerForTakenAddress(request: RegisterRequest): Promise<Registration> {
    await this.tellOwnerOfSignUp(request.emailAddress);
    return {
      userId: randomUUID(),
      emailAddress: request.emailAddress,
      firstName: request.firstName,
      lastName: request.lastName,
      fullName: `${request.firstName} ${request.lastName}`,
      mobileNo: request.mobileNo,
      userType: 'CUSTOMER',
      provider: 'NONE',
      isVerified: false,
      isActive: true,
      hasPassword: true,
      accountExisted: true,
    };
  }

  /**
   * Sign-up creates customers. `userType` and `verified` exist only for the command-line tool, which
   * calls this method directly (the first administrator, demo users); no HTTP route passes them.
   */
  async register(
    request: Omit<RegisterRequest, 'userType'>,
    options: { verified?: boolean; userType?: UserType } = {},
  ): Promise<UserDto> {
    if (request.google && request.google.emailAddress !== request.emailAddress) {
      throw new DomainError('GOOGLE_EMAIL_MISMATCH', 'Sign up with the email address of your Google account');
    }
    if (!request.google && !request.password) {
      throw new DomainError('VALIDATION_FAILED', 'Please provide password');
    }
    const passwordHash = request.password ? await this.hasher.hash(request.password) : null;
    return this.users.transaction(async (manager) => {
      if (await this.users.findByEmail(request.emailAddress, manager)) {
        throw new DomainError('EMAIL_TAKEN', 'An account with this email address already exists', 409);
      }
      const user = Object.assign(new User(), {
        userId: randomUUID(),
        emailAddress: request.emailAddress,
        passwordHash,
        firstName: request.firstName,
        lastName: request.lastName,
        mobileNo: request.mobileNo,
        userType: options.userType ?? 'CUSTOMER',
        provider: request.google ? 'GOOGLE' : 'NONE',
        // Google has verified the address; everyone else proves it with a code.
        isVerified: Boolean(request.google || options.verified),
        isActive: true,
        serviceAgreementAgreed: request.serviceAgreementAgreed,
        receiveMarketingEmails: request.receiveMarketingEmails,
        passwordChangedAt: passwordHash ? this.clock.now() : null,
      } satisfies Partial<User>);
      try {
        await this.users.save(manager, user);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') {
          throw new DomainError('EMAIL_TAKEN', 'An account with this email address already exists', 409);
        }
        throw error;
      }
      if (request.google)
        await this.users.linkGoogle(manager, request.google.subject, user.userId, user.emailAddress);
      await this.outbox.publish(manager, userRegistered, {
        userId: user.userId,
        emailAddress: user.emailAddress,
        firstName: user.firstName,
        lastName: user.lastName,
        mobileNo: user.mobileNo,
        userType: user.userType,
        provider: user.provider,
        isVerified: user.isVerified,
        serviceAgreementAgreed: user.serviceAgreementAgreed,
        receiveMarketingEmails: user.receiveMarketingEmails,
      });
      if (!user.isVerified) await this.sendCode(manager, user, 'VERIFY_EMAIL');
      return toUserDto(user);
    });
  }

  /** The password check of a sign-in. Unknown addresses cost the same time as wrong passwords. */
  async authenticate(emailAddress: string, password: string): Promise<UserDto> {
    const user = await this.users.findByEmail(emailAddress);
    if (!user?.passwordHash) {
      await this.hasher.verifyNothing(password);
      throw INVALID_CREDENTIALS();
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) throw INVALID_CREDENTIALS();
    this.assertActive(user);
    return toUserDto(user);
  }

  async get(userId: string): Promise<UserDto> {
    return toUserDto(await this.require(userId));
  }

  async updateProfile(
    userId: string,
    profile: Pick<User, 'firstName' | 'lastName' | 'mobileNo'>,
  ): Promise<UserDto> {
    return this.users.transaction(async (manager) => {
      const user = await this.requireLocked(manager, userId);
      Object.assign(user, profile);
      await this.users.save(manager, user);
      await this.outbox.publish(manager, profileUpdated, { userId, ...profile });
      return toUserDto(user);
    });
  }

  /**
   * A signed-in user's new password, proven by the current one; an account without a password (Google
   * only) proves itself with the Google identity the gateway verified moments ago.
   */
  async changePassword(
    userId: string,
    proof: { currentPassword?: string; googleSubject?: string },
    newPassword: string,
  ): Promise<void> {
    const user = await this.require(userId);
    this.assertActive(user);
    const proven = user.passwordHash
      ? await this.hasher.verify(user.passwordHash, proof.currentPassword ?? '')
      : proof.googleSubject !== undefined &&
        (await this.users.findGoogleSubject(proof.googleSubject)) === userId;
    if (!proven) {
      throw user.passwordHash
        ? new DomainError('CURRENT_PASSWORD_WRONG', 'Your current password is not correct', 400)
        : googleIdentityRequired();
    }
    await this.storePassword(userId, newPassword, 'CHANGED');
  }

  /** The new password of a reset; the gateway has checked this browser's reset grant. */
  resetPassword(userId: string, newPassword: string): Promise<void> {
    return this.storePassword(userId, newPassword, 'RESET');
  }

  private async storePassword(userId: string, newPassword: string, reason: 'CHANGED' | 'RESET') {
    const passwordHash = await this.hasher.hash(newPassword);
    await this.users.transaction(async (manager) => {
      const user = await this.requireLocked(manager, userId);
      this.assertActive(user);
      user.passwordHash = passwordHash;
      user.passwordChangedAt = this.clock.now();
      await this.users.save(manager, user);
      // Every reset code still in an inbox is spent with the old password.
      await this.codes.spendAll(manager, userId, 'RESET_PASSWORD');
      await this.outbox.publish(manager, passwordChanged, { userId, reason });
      await this.notify(manager, user, 'PASSWORD_CHANGED');
    });
  }

  async sendVerificationCode(userId: string): Promise<void> {
    await this.users.transaction(async (manager) => {
      const user = await this.requireLocked(manager, userId);
      if (user.isVerified) {
        throw new DomainError('ALREADY_VERIFIED', 'Your email address is already verified', 409);
      }
      await this.sendCode(manager, user, 'VERIFY_EMAIL');
    });
  }

  async verifyEmail(userId: string, code: string): Promise<UserDto> {
    const { user, error } = await this.users.transaction(async (manager) => {
      const locked = await this.requireLocked(manager, userId);
      if (locked.isVerified) return { user: locked, error: undefined };
      const failure = await this.codes.consume(manager, userId, 'VERIFY_EMAIL', code);
      if (failure) return { user: locked, error: failure };
      locked.isVerified = true;
      await this.users.save(manager, locked);
      await this.outbox.publish(manager, emailVerified, { userId, emailAddress: locked.emailAddress });
      return { user: locked, error: undefined };
    });
    if (error) throw error;
    return toUserDto(user);
  }

  /**
   * Sends a reset code when the address has an active account. The caller is answered before any of
   * that work starts, so the answer takes the same time whether or not the address exists.
   */
  requestPasswordResetAfterAnswering(emailAddress: string): void {
    setImmediate(() => {
      this.requestPasswordReset(emailAddress).catch((error: unknown) =>
        this.logger.error({ err: error }, 'could not send a password reset code'),
      );
    });
  }

  async requestPasswordReset(emailAddress: string): Promise<void> {
    const user = await this.users.findByEmail(emailAddress);
    if (!user?.isActive) return;
    try {
      await this.users.transaction(async (manager) => {
        const locked = await this.requireLocked(manager, user.userId);
        await this.sendCode(manager, locked, 'RESET_PASSWORD');
      });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'TOO_MANY_CODES')) throw error;
      this.logger.warn(
        { userId: user.userId },
        'password reset codes requested too often; not sending another',
      );
    }
  }

  /** Spends a reset code; the gateway then lets this browser session set a new password. */
  async checkPasswordReset(emailAddress: string, code: string): Promise<{ userId: string }> {
    const user = await this.users.findByEmail(emailAddress);
    if (!user?.isActive) throw codeRejected();
    const failure = await this.users.transaction(async (manager) => {
      await this.requireLocked(manager, user.userId);
      return this.codes.consume(manager, user.userId, 'RESET_PASSWORD', code);
    });
    if (failure) throw failure;
    return { userId: user.userId };
  }

  /**
   * Whether a Google identity (verified by the gateway) belongs to an account. An account with the same
   * verified address is linked to it on first use. An account nobody verified is taken over by the
   * Google proof (it may have been registered by someone else to wait for the owner): in one
   * transaction its password goes, its address counts as verified and its codes are spent; the
   * gateway then ends every session it had (`tookOver`).
   */
  async resolveGoogle(
    subject: string,
    emailAddress: string,
  ): Promise<{ registered: boolean; user: UserDto | null; tookOver: boolean }> {
    return this.users.transaction(async (manager) => {
      const linkedUserId = await this.users.findGoogleSubject(subject, manager);
      const found = linkedUserId
        ? await this.users.findById(linkedUserId, manager)
        : await this.users.findByEmail(emailAddress, manager);
      if (!found) return { registered: false, user: null, tookOver: false };
      const user = await this.requireLocked(manager, found.userId);
      this.assertActive(user);
      if (linkedUserId) return { registered: true, user: toUserDto(user), tookOver: false };
      const tookOver = !user.isVerified;
      if (tookOver) {
        user.passwordHash = null;
        user.passwordChangedAt = this.clock.now();
        user.provider = 'GOOGLE';
        user.isVerified = true;
        await this.users.save(manager, user);
        await this.codes.spendAll(manager, user.userId);
        await this.outbox.publish(manager, emailVerified, {
          userId: user.userId,
          emailAddress: user.emailAddress,
        });
      }
      await this.users.linkGoogle(manager, subject, user.userId, emailAddress);
      return { registered: true, user: toUserDto(user), tookOver };
    });
  }

  private assertActive(user: User): void {
    if (!user.isActive) throw accountInactive();
  }

  /**
   * "Someone tried to sign up with your address": to the owner of an active account, at most once a
   * day (the owner's row is locked, so concurrent sign-ups on any replica send one).
   */
  private async tellOwnerOfSignUp(emailAddress: string): Promise<void> {
    await this.users.transaction(async (manager) => {
      const found = await this.users.findByEmail(emailAddress, manager);
      const owner = found && (await this.users.lock(manager, found.userId));
      const now = this.clock.now();
      if (!owner?.isActive || !accountExistsNoticeDue(owner.accountExistsNoticeAt, now)) return;
      owner.accountExistsNoticeAt = now;
      await this.users.save(manager, owner);
      await this.notify(manager, owner, 'ACCOUNT_EXISTS');
    });
  }

  private async require(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    return user;
  }

  private async requireLocked(manager: EntityManager, userId: string): Promise<User> {
    const user = await this.users.lock(manager, userId);
    if (!user) throw new NotFoundError('User not found', 'USER_NOT_FOUND');
    return user;
  }

  private async sendCode(manager: EntityManager, user: User, purpose: CodePurpose): Promise<void> {
    const { code, expiresAt } = await this.codes.issue(manager, user.userId, purpose);
    await this.notify(
      manager,
      user,
      purpose === 'VERIFY_EMAIL' ? 'EMAIL_VERIFICATION_CODE' : 'PASSWORD_RESET_CODE',
      {
        code,
        expiresAt: expiresAt.toISOString(),
      },
    );
  }

  private async notify(
    manager: EntityManager,
    user: User,
    kind: PayloadOf<typeof notificationRequested>['kind'],
    secret: { code: string; expiresAt: string } | undefined = undefined,
  ): Promise<void> {
    const notificationId = randomUUID();
    await this.outbox.publish(manager, notificationRequested, {
      notificationId,
      userId: user.userId,
      kind,
      emailAddress: user.emailAddress,
      firstName: user.firstName,
      // Sealed for messaging, bound to this notification: never in plain text in the outbox or Kafka.
      sealedCode: secret ? this.outbox.seal(secret.code, notificationId) : null,
      expiresAt: secret?.expiresAt ?? null,
    });
  }
}

import { randomUUID } from 'node:crypto';
import { Outbox } from '@multimfa/event-bus';
import { notificationRequested, userDeleted, userRegistered, userStatusChanged } from '@multimfa/events';
import {
  type CreateAdminRequest,
  cannotChangeSelf,
  lastActiveAdmin,
  type ReportUser,
} from '@multimfa/service-contracts/identity';
import { Clock, DomainError, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OneTimeCodesService } from '../codes/one-time-codes.service.js';
import { toUserDto, type UserDto } from './dto/user.dto.js';
import { User } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

const notFound = () => new NotFoundError('User not found', 'USER_NOT_FOUND');

const toReportUser = (user: User): ReportUser => ({
  userId: user.userId,
  firstName: user.firstName,
  lastName: user.lastName,
  mobileNo: user.mobileNo,
  emailAddress: user.emailAddress,
  userType: user.userType,
  isActive: user.isActive,
  isVerified: user.isVerified,
  receiveMarketingEmails: user.receiveMarketingEmails,
  serviceAgreementAgreed: user.serviceAgreementAgreed,
  createdAt: user.createdAt.toISOString(),
});

/**
 * What administrators do to accounts: the report, deactivation, deletion (soft: the record stays),
 * set-password links, new administrators. Nobody may deactivate or delete themself or the last
 * active administrator; the active administrators' rows are locked while that is decided, so two
 * administrators removing each other at once cannot leave none.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(OneTimeCodesService) private readonly codes: OneTimeCodesService,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async report(from: string | undefined, to: string | undefined): Promise<ReportUser[]> {
    const users = await this.users.listForReport(
      from ? new Date(`${from}T00:00:00.000Z`) : undefined,
      to ? new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 86_400_000) : undefined,
    );
    return users.map(toReportUser);
  }

  async setStatus(actorId: string, userId: string, isActive: boolean): Promise<ReportUser> {
    return this.users.transaction(async (manager) => {
      if (!isActive) await this.assertRemovable(manager, actorId, userId, 'deactivate');
      const user = await this.requireLocked(manager, userId);
      if (user.isActive !== isActive) {
        user.isActive = isActive;
        await this.users.save(manager, user);
        await this.outbox.publish(manager, userStatusChanged, { userId, isActive, changedBy: actorId });
      }
      return toReportUser(user);
    });
  }

  async delete(actorId: string, userId: string): Promise<void> {
    await this.users.transaction(async (manager) => {
      await this.assertRemovable(manager, actorId, userId, 'delete');
      const user = await this.requireLocked(manager, userId);
      const now = this.clock.now();
      user.deletedAt = now;
      user.isActive = false;
      user.passwordHash = null;
      await this.users.save(manager, user);
      await this.users.unlinkGoogle(manager, userId);
      await this.codes.spendAll(manager, userId);
      await this.outbox.publish(manager, userDeleted, {
        userId,
        userType: user.userType,
        deletedBy: actorId,
        deletedAt: now.toISOString(),
      });
    });
  }

  /** E-mails the user a link to set a password (a reset code the link carries). */
  async sendSetPasswordLink(userId: string): Promise<void> {
    await this.users.transaction(async (manager) => {
      const user = await this.requireLocked(manager, userId);
      if (!user.isActive) {
        throw new DomainError(
          'USER_INACTIVE',
          'This user is inactive. Activate the user before resetting the password',
          409,
        );
      }
      await this.sendLink(manager, user);
    });
  }

  /** A new administrator without a password: they set one through the e-mailed link. */
  async createAdmin(request: CreateAdminRequest): Promise<UserDto> {
    return this.users.transaction(async (manager) => {
      if (await this.users.findByEmail(request.emailAddress, manager)) throw emailTaken();
      const user = Object.assign(new User(), {
        userId: randomUUID(),
        emailAddress: request.emailAddress,
        passwordHash: null,
        firstName: request.firstName,
        lastName: request.lastName,
        mobileNo: request.mobileNo,
        userType: 'ADMIN',
        provider: 'NONE',
        // The address is proven when the link in the e-mail sent to it is used.
        isVerified: true,
        isActive: true,
        serviceAgreementAgreed: false,
        receiveMarketingEmails: false,
        passwordChangedAt: null,
        deletedAt: null,
      } satisfies Partial<User>);
      try {
        await this.users.save(manager, user);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw emailTaken();
        throw error;
      }
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
      await this.sendLink(manager, user);
      return toUserDto(user);
    });
  }

  /** Refuses removing oneself, or the last active administrator (their rows locked meanwhile). */
  private async assertRemovable(
    manager: EntityManager,
    actorId: string,
    userId: string,
    action: 'delete' | 'deactivate',
  ): Promise<void> {
    if (actorId === userId) throw cannotChangeSelf(action);
    const activeAdmins = await this.users.lockActiveAdmins(manager);
    if (activeAdmins.includes(userId) && activeAdmins.length <= 1) {
      throw lastActiveAdmin(action === 'delete' ? 'deleted' : 'deactivated');
    }
  }

  private async requireLocked(manager: EntityManager, userId: string): Promise<User> {
    const user = await this.users.lock(manager, userId);
    if (!user || user.deletedAt) throw notFound();
    return user;
  }

  private async sendLink(manager: EntityManager, user: User): Promise<void> {
    const { code, expiresAt } = await this.codes.issue(manager, user.userId, 'RESET_PASSWORD');
    const notificationId = randomUUID();
    await this.outbox.publish(manager, notificationRequested, {
      notificationId,
      userId: user.userId,
      kind: 'SET_PASSWORD_LINK',
      emailAddress: user.emailAddress,
      firstName: user.firstName,
      sealedCode: this.outbox.seal(code, notificationId),
      expiresAt: expiresAt.toISOString(),
    });
  }
}

const emailTaken = () =>
  new DomainError('EMAIL_TAKEN', 'An account with this email address already exists', 400);

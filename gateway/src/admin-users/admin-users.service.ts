import type { CreateAdminBody, ReportUser } from '@multimfa/api-contract';
import { identityUser, nothing, reportUsers } from '@multimfa/service-contracts/identity';
import { mfaCounts } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { SessionsService } from '../session/sessions.service.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { IDENTITY, NUMBERS } from '../upstream/upstream.module.js';

const statusAnswer = z.object({ userId: z.uuid(), isActive: z.boolean() });

/**
 * The User Report and Create Admin User: identity owns the accounts and the rules (not oneself, not
 * the last active administrator); numbers counts the MultiMFAs; the gateway ends the sessions of an
 * account that was deactivated or deleted, so its next call is refused.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  async report(query: { from?: string; to?: string }): Promise<ReportUser[]> {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const [users, counts] = await Promise.all([
      this.identity.get(`/admin/users${search.size ? `?${search}` : ''}`, reportUsers),
      this.numbers.get('/admin/mfa-counts?type=MultiMFA', mfaCounts),
    ]);
    const countOf = new Map(counts.map((row) => [row.userId, row.count]));
    return users.map(({ userId, ...user }) => ({ id: userId, ...user, multiMFAs: countOf.get(userId) ?? 0 }));
  }

  async setStatus(
    actorId: string,
    userId: string,
    isActive: boolean,
  ): Promise<{ id: string; isActive: boolean }> {
    const answer = await this.identity.post(`/admin/users/${userId}/status`, statusAnswer, {
      actorId,
      isActive,
    });
    if (!answer.isActive) await this.sessions.endAllSessionsOf(userId);
    return { id: answer.userId, isActive: answer.isActive };
  }

  async delete(actorId: string, userId: string): Promise<void> {
    await this.identity.post(`/admin/users/${userId}/deletion`, nothing, { actorId });
    await this.sessions.endAllSessionsOf(userId);
  }

  async sendSetPasswordLink(userId: string): Promise<void> {
    await this.identity.post(`/admin/users/${userId}/set-password-link`, nothing);
  }

  async createAdmin(body: CreateAdminBody): Promise<{ id: string }> {
    const user = await this.identity.post('/admin/admins', identityUser, {
      emailAddress: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      mobileNo: body.mobileNo,
    });
    return { id: user.userId };
  }
}

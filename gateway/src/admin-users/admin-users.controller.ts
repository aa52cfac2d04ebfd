import {
  adminUserParams,
  type CreateAdminBody,
  createAdmin,
  deleteReportUser,
  type Envelope,
  listReportUsers,
  type ReportUser,
  reportUsersQuery,
  sendResetPasswordLink,
  updateReportUserStatus,
  type userStatusBody,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Query } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { AdminUsersService } from './admin-users.service.js';

type UserParams = z.output<typeof adminUserParams>;

/** /admin/user-report and /admin/add-admin-user (administrators only: the contract says so, the guard enforces it). */
@Controller()
export class AdminUsersController {
  constructor(@Inject(AdminUsersService) private readonly users: AdminUsersService) {}

  @Serves(listReportUsers)
  async list(@Query() query: z.output<typeof reportUsersQuery>): Promise<Envelope<ReportUser[]>> {
    return ok(await this.users.report(query));
  }

  @Serves(deleteReportUser)
  async remove(@SignedInUserId() userId: string, @Param() params: UserParams): Promise<Envelope<null>> {
    await this.users.delete(userId, params.id);
    return ok(null, 'Admin deleted successfully');
  }

  @Serves(updateReportUserStatus)
  async setStatus(
    @SignedInUserId() userId: string,
    @Param() params: UserParams,
    @Body() body: z.output<typeof userStatusBody>,
  ): Promise<Envelope<{ id: string; isActive: boolean }>> {
    return ok(
      await this.users.setStatus(userId, params.id, body.isActive),
      'Admin status changed successfully',
    );
  }

  @Serves(sendResetPasswordLink)
  @HttpCode(200)
  async resetPassword(@Param() params: UserParams): Promise<Envelope<null>> {
    await this.users.sendSetPasswordLink(params.id);
    return ok(null, 'Email sent for resetting password successfully');
  }

  @Serves(createAdmin)
  @HttpCode(200)
  async create(@Body() body: CreateAdminBody): Promise<Envelope<{ id: string }>> {
    return ok(await this.users.createAdmin(body), 'Admin user created successfully');
  }
}

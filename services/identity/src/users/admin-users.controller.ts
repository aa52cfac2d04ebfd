import {
  adminActionRequest,
  createAdminRequest,
  type ReportUser,
  reportUsersQuery,
  userIdParam,
  userStatusRequest,
} from '@multimfa/service-contracts/identity';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import type { z } from 'zod';
import { AdminUsersService } from './admin-users.service.js';
import type { UserDto } from './dto/user.dto.js';

const userId = new ZodPipe(userIdParam);

/** The admin area's calls about accounts; the gateway lets only administrators reach them. */
@Controller('admin')
export class AdminUsersController {
  constructor(@Inject(AdminUsersService) private readonly admin: AdminUsersService) {}

  @Get('users')
  report(
    @Query(new ZodPipe(reportUsersQuery)) query: z.output<typeof reportUsersQuery>,
  ): Promise<ReportUser[]> {
    return this.admin.report(query.from, query.to);
  }

  @Post('users/:userId/status')
  @HttpCode(200)
  setStatus(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(userStatusRequest)) body: z.output<typeof userStatusRequest>,
  ): Promise<ReportUser> {
    return this.admin.setStatus(body.actorId, id, body.isActive);
  }

  @Post('users/:userId/deletion')
  @HttpCode(204)
  delete(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(adminActionRequest)) body: z.output<typeof adminActionRequest>,
  ): Promise<void> {
    return this.admin.delete(body.actorId, id);
  }

  @Post('users/:userId/set-password-link')
  @HttpCode(204)
  sendSetPasswordLink(@Param('userId', userId) id: string): Promise<void> {
    return this.admin.sendSetPasswordLink(id);
  }

  @Post('admins')
  createAdmin(
    @Body(new ZodPipe(createAdminRequest)) body: z.output<typeof createAdminRequest>,
  ): Promise<UserDto> {
    return this.admin.createAdmin(body);
  }
}

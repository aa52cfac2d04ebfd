import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import type { UserDto } from './dto/user.dto.js';
import {
  authenticateRequest,
  codeRequest,
  googleResolveRequest,
  profileRequest,
  type RegisterRequest,
  registerRequest,
  resetCheckRequest,
  resetRequest,
  setPasswordRequest,
} from './dto/user-requests.js';
import { UsersService } from './users.service.js';

const userIdParam = new ZodPipe(z.uuid('Unknown user'));

/** Identity's internal API, called by the gateway once it has checked the browser's side. */
@Controller()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @Post('users')
  register(@Body(new ZodPipe(registerRequest)) body: RegisterRequest): Promise<UserDto> {
    return this.users.register(body);
  }

  @Post('users/authenticate')
  @HttpCode(200)
  authenticate(
    @Body(new ZodPipe(authenticateRequest)) body: z.output<typeof authenticateRequest>,
  ): Promise<UserDto> {
    return this.users.authenticate(body.emailAddress, body.password);
  }

  @Get('users/:userId')
  get(@Param('userId', userIdParam) userId: string): Promise<UserDto> {
    return this.users.get(userId);
  }

  @Put('users/:userId/profile')
  updateProfile(
    @Param('userId', userIdParam) userId: string,
    @Body(new ZodPipe(profileRequest)) body: z.output<typeof profileRequest>,
  ): Promise<UserDto> {
    return this.users.updateProfile(userId, body);
  }

  @Post('users/:userId/password')
  @HttpCode(204)
  setPassword(
    @Param('userId', userIdParam) userId: string,
    @Body(new ZodPipe(setPasswordRequest)) body: z.output<typeof setPasswordRequest>,
  ): Promise<void> {
    return this.users.setPassword(userId, body.newPassword, body.reason);
  }

  @Post('users/:userId/verification-code')
  @HttpCode(204)
  sendVerificationCode(@Param('userId', userIdParam) userId: string): Promise<void> {
    return this.users.sendVerificationCode(userId);
  }

  @Post('users/:userId/email-verification')
  @HttpCode(200)
  verifyEmail(
    @Param('userId', userIdParam) userId: string,
    @Body(new ZodPipe(codeRequest)) body: z.output<typeof codeRequest>,
  ): Promise<UserDto> {
    return this.users.verifyEmail(userId, body.code);
  }

  @Post('password-resets')
  @HttpCode(204)
  requestPasswordReset(@Body(new ZodPipe(resetRequest)) body: z.output<typeof resetRequest>): Promise<void> {
    return this.users.requestPasswordReset(body.emailAddress);
  }

  @Post('password-resets/check')
  @HttpCode(200)
  checkPasswordReset(
    @Body(new ZodPipe(resetCheckRequest)) body: z.output<typeof resetCheckRequest>,
  ): Promise<{ userId: string }> {
    return this.users.checkPasswordReset(body.emailAddress, body.code);
  }

  @Post('google-identities/resolve')
  @HttpCode(200)
  resolveGoogle(@Body(new ZodPipe(googleResolveRequest)) body: z.output<typeof googleResolveRequest>) {
    return this.users.resolveGoogle(body.subject, body.emailAddress);
  }
}

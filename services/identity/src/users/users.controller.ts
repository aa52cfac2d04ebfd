import {
  authenticateRequest,
  changePasswordRequest,
  codeRequest,
  googleResolveRequest,
  profileRequest,
  type RegisterRequest,
  type Registration,
  registerRequest,
  resetCheckRequest,
  resetPasswordRequest,
  resetRequest,
  userIdParam,
} from '@multimfa/service-contracts/identity';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import type { z } from 'zod';
import type { UserDto } from './dto/user.dto.js';
import { UsersService } from './users.service.js';

const userId = new ZodPipe(userIdParam);

/** Identity's internal API, called by the gateway once it has checked the browser's side. */
@Controller()
export class UsersController {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  /**
   * Sign-up: customers only (the schema refuses any other userType). An address already registered
   * answers like a new one (`accountExisted` tells the gateway only) and e-mails its owner.
   */
  @Post('users')
  signUp(@Body(new ZodPipe(registerRequest)) body: RegisterRequest): Promise<Registration> {
    return this.users.signUp(body);
  }

  @Post('users/authenticate')
  @HttpCode(200)
  authenticate(
    @Body(new ZodPipe(authenticateRequest)) body: z.output<typeof authenticateRequest>,
  ): Promise<UserDto> {
    return this.users.authenticate(body.emailAddress, body.password);
  }

  @Get('users/:userId')
  get(@Param('userId', userId) id: string): Promise<UserDto> {
    return this.users.get(id);
  }

  @Put('users/:userId/profile')
  updateProfile(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(profileRequest)) body: z.output<typeof profileRequest>,
  ): Promise<UserDto> {
    return this.users.updateProfile(id, body);
  }

  @Post('users/:userId/password')
  @HttpCode(204)
  changePassword(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(changePasswordRequest)) body: z.output<typeof changePasswordRequest>,
  ): Promise<void> {
    return this.users.changePassword(id, body, body.newPassword);
  }

  @Post('users/:userId/password-reset')
  @HttpCode(204)
  resetPassword(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(resetPasswordRequest)) body: z.output<typeof resetPasswordRequest>,
  ): Promise<void> {
    return this.users.resetPassword(id, body.newPassword);
  }

  @Post('users/:userId/verification-code')
  @HttpCode(204)
  sendVerificationCode(@Param('userId', userId) id: string): Promise<void> {
    return this.users.sendVerificationCode(id);
  }

  @Post('users/:userId/email-verification')
  @HttpCode(200)
  verifyEmail(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(codeRequest)) body: z.output<typeof codeRequest>,
  ): Promise<UserDto> {
    return this.users.verifyEmail(id, body.code);
  }

  /** Answers at once; the code (when the address has an account) is sent after the answer. */
  @Post('password-resets')
  @HttpCode(204)
  requestPasswordReset(@Body(new ZodPipe(resetRequest)) body: z.output<typeof resetRequest>): void {
    this.users.requestPasswordResetAfterAnswering(body.emailAddress);
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

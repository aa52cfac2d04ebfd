import {
  changePassword,
  type changePasswordBody,
  changePasswordFP,
  type checkCodeBody,
  checkSSOStatus,
  currentSession,
  type Envelope,
  login,
  type loginBody,
  loginSSO,
  logout,
  type resetPasswordBody,
  type sendCodeBody,
  signUp,
  type signUpBody,
  type ssoBody,
  updateUser,
  type updateUserBody,
  verifyEmail,
  verifyEmailToken,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { AccountsService, type SessionUserData } from './accounts.service.js';

/** The account calls of /api/auth: each parses (through @Serves), calls the composition, wraps. */
@Controller()
export class AuthController {
  constructor(@Inject(AccountsService) private readonly accounts: AccountsService) {}

  @Serves(signUp)
  @HttpCode(200)
  async signUp(@Req() req: Request, @Body() body: z.output<typeof signUpBody>) {
    return ok(await this.accounts.signUp(req, body), 'Your account was created');
  }

  @Serves(login)
  @HttpCode(200)
  async login(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() body: z.output<typeof loginBody>,
  ): Promise<Envelope<SessionUserData>> {
    return ok(await this.accounts.login(req, res, body), 'Signed in');
  }

  @Serves(currentSession)
  async session(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Envelope<SessionUserData>> {
    return ok(await this.accounts.currentUser(req, res));
  }

  @Serves(logout)
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Envelope<null>> {
    await this.accounts.logout(req, res);
    return ok(null, 'Signed out');
  }

  @Serves(checkSSOStatus)
  @HttpCode(200)
  async checkSSOStatus(@Req() req: Request, @Body() body: z.output<typeof ssoBody>) {
    return ok(await this.accounts.googleStatus(req, body.emailAddress));
  }

  @Serves(loginSSO)
  @HttpCode(200)
  async loginSSO(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() body: z.output<typeof ssoBody>,
  ): Promise<Envelope<SessionUserData>> {
    return ok(await this.accounts.loginWithGoogle(req, res, body.emailAddress), 'Signed in');
  }

  @Serves(verifyEmail)
  @HttpCode(200)
  async sendCode(@Req() req: Request, @Body() body: z.output<typeof sendCodeBody>) {
    return ok(null, await this.accounts.sendCode(req, body.emailAddress));
  }

  @Serves(verifyEmailToken)
  @HttpCode(200)
  async checkCode(@Req() req: Request, @Body() body: z.output<typeof checkCodeBody>) {
    return ok(null, await this.accounts.checkCode(req, body.emailAddress, body.token));
  }

  @Serves(changePasswordFP)
  @HttpCode(200)
  async resetPassword(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() body: z.output<typeof resetPasswordBody>,
  ) {
    await this.accounts.resetPassword(req, res, body);
    return ok(null, 'Password changed successfully');
  }

  @Serves(changePassword)
  @HttpCode(200)
  async changePassword(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() body: z.output<typeof changePasswordBody>,
  ) {
    await this.accounts.changePassword(req, res, body);
    return ok(null, 'Password changed successfully. Please sign in again');
  }

  @Serves(updateUser)
  async updateProfile(@Req() req: Request, @Body() body: z.output<typeof updateUserBody>) {
    return ok(await this.accounts.updateProfile(req, body), 'Profile updated successfully');
  }
}

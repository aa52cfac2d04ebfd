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
import { Body, Controller, HttpCode, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { CallingBrowser } from '../session/browser.decorator.js';
import type { Browser } from '../session/browser.port.js';
import { AccountsService, type SessionUserData } from './accounts.service.js';
import { CodeCheckThrottleService } from './code-check-throttle.service.js';

/** The account calls of /api/auth: each parses (through @Serves), calls the composition, wraps. */
@Controller()
export class AuthController {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(CodeCheckThrottleService) private readonly codeChecks: CodeCheckThrottleService,
  ) {}

  @Serves(signUp)
  @HttpCode(200)
  async signUp(@CallingBrowser() browser: Browser, @Body() body: z.output<typeof signUpBody>) {
    return ok(await this.accounts.signUp(browser, body), 'Your account was created');
  }

  @Serves(login)
  @HttpCode(200)
  async login(
    @CallingBrowser() browser: Browser,
    @Body() body: z.output<typeof loginBody>,
  ): Promise<Envelope<SessionUserData>> {
    return ok(await this.accounts.login(browser, body), 'Signed in');
  }

  @Serves(currentSession)
  async session(@CallingBrowser() browser: Browser): Promise<Envelope<SessionUserData>> {
    return ok(await this.accounts.currentUser(browser));
  }

  @Serves(logout)
  @HttpCode(200)
  async logout(@CallingBrowser() browser: Browser): Promise<Envelope<null>> {
    await this.accounts.logout(browser);
    return ok(null, 'Signed out');
  }

  @Serves(checkSSOStatus)
  @HttpCode(200)
  async checkSSOStatus(@CallingBrowser() browser: Browser, @Body() body: z.output<typeof ssoBody>) {
    return ok(await this.accounts.googleStatus(browser.session, body.emailAddress));
  }

  @Serves(loginSSO)
  @HttpCode(200)
  async loginSSO(
    @CallingBrowser() browser: Browser,
    @Body() body: z.output<typeof ssoBody>,
  ): Promise<Envelope<SessionUserData>> {
    return ok(await this.accounts.loginWithGoogle(browser, body.emailAddress), 'Signed in');
  }

  @Serves(verifyEmail)
  @HttpCode(200)
  async sendCode(@CallingBrowser() browser: Browser, @Body() body: z.output<typeof sendCodeBody>) {
    return ok(null, await this.accounts.sendCode(browser, body.emailAddress));
  }

  @Serves(verifyEmailToken)
  @HttpCode(200)
  async checkCode(@CallingBrowser() browser: Browser, @Body() body: z.output<typeof checkCodeBody>) {
    const checked = () => this.accounts.checkCode(browser.session, body.emailAddress, body.token);
    return ok(null, await this.codeChecks.counted(browser.ip, checked));
  }

  @Serves(changePasswordFP)
  @HttpCode(200)
  async resetPassword(@CallingBrowser() browser: Browser, @Body() body: z.output<typeof resetPasswordBody>) {
    await this.accounts.resetPassword(browser, body);
    return ok(null, 'Password changed successfully');
  }

  @Serves(changePassword)
  @HttpCode(200)
  async changePassword(
    @CallingBrowser() browser: Browser,
    @Body() body: z.output<typeof changePasswordBody>,
  ) {
    await this.accounts.changePassword(browser, body);
    return ok(null, 'Password changed successfully. Please sign in again');
  }

  @Serves(updateUser)
  async updateProfile(@CallingBrowser() browser: Browser, @Body() body: z.output<typeof updateUserBody>) {
    return ok(await this.accounts.updateProfile(browser.session, body), 'Profile updated successfully');
  }
}

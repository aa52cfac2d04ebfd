import {
  changePassword,
  changePasswordBody,
  changePasswordFP,
  checkCodeBody,
  checkSSOStatus,
  currentSession,
  type Envelope,
  login,
  loginBody,
  loginSSO,
  logout,
  resetPasswordBody,
  sendCodeBody,
  signUp,
  signUpBody,
  ssoBody,
  updateUser,
  updateUserBody,
  verifyEmail,
  verifyEmailToken,
} from '@multimfa/api-contract';
import { DomainError, ok, ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import type { GoogleIdentity } from '../access/session-user.js';
import type { ServiceClient } from '../upstream/service-client.js';
import { IDENTITY } from '../upstream/upstream.module.js';
import { AuthService, type SessionUserData } from './auth.service.js';
import { googleResolution, identityUser, nothing, resetCheck } from './identity.schemas.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { SessionsService } from './sessions.service.js';

/** A Google identity or a reset code is good for this long in the session that proved it. */
export const PROOF_VALID_MS = 10 * 60_000;

const signInAgainWithGoogle = () =>
  new DomainError('GOOGLE_IDENTITY_REQUIRED', 'Please sign in with Google again', 401);

function provenGoogle(req: Request, emailAddress: string): GoogleIdentity {
  const google = req.session.google;
  if (!google || google.emailAddress !== emailAddress || Date.now() - google.verifiedAt > PROOF_VALID_MS) {
    throw signInAgainWithGoogle();
  }
  return google;
}

/** The account calls of /api/auth: the browser's side checked here, the rules in identity. */
@Controller()
export class AuthController {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(LoginThrottleService) private readonly throttle: LoginThrottleService,
    @Inject(IDENTITY) private readonly identity: ServiceClient,
  ) {}

  @Serves(signUp)
  @HttpCode(200)
  async signUp(@Req() req: Request, @Body(new ZodPipe(signUpBody)) body: z.output<typeof signUpBody>) {
    const google = body.provider === 'GOOGLE' ? provenGoogle(req, body.emailAddress) : undefined;
    const user = await this.identity.post('/users', identityUser, {
      emailAddress: body.emailAddress,
      password: google ? undefined : body.password,
      firstName: body.firstName,
      lastName: body.lastName,
      mobileNo: body.mobileNo,
      userType: 'CUSTOMER',
      google: google ? { subject: google.subject, emailAddress: google.emailAddress } : undefined,
      serviceAgreementAgreed: body.serviceAgreementAgreed,
      receiveMarketingEmails: body.receiveMarketingEmails,
    });
    await this.sessions.signIn(req, user);
    return ok(
      {
        emailAddress: user.emailAddress,
        isVerified: user.isVerified,
        fullName: user.fullName,
        userId: user.userId,
        stripeCustomerId: await this.auth.stripeCustomerId(user),
      },
      'Your account was created',
    );
  }

  @Serves(login)
  @HttpCode(200)
  async login(
    @Req() req: Request,
    @Body(new ZodPipe(loginBody)) body: z.output<typeof loginBody>,
  ): Promise<Envelope<SessionUserData>> {
    const ip = req.ip ?? 'unknown';
    await this.throttle.assertAllowed(body.emailAddress, ip);
    let user: z.infer<typeof identityUser>;
    try {
      user = await this.identity.post('/users/authenticate', identityUser, body);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'INVALID_CREDENTIALS') {
        await this.throttle.recordFailure(body.emailAddress, ip);
      }
      throw error;
    }
    await this.throttle.recordSuccess(body.emailAddress);
    await this.sessions.signIn(req, user);
    return ok(await this.auth.sessionUser(user), 'Signed in');
  }

  @Serves(currentSession)
  async session(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Envelope<SessionUserData>> {
    const user = await this.auth.getUser(req.session.user?.userId ?? '');
    if (!user.isActive) {
      await this.sessions.signOut(req, res);
      throw new DomainError('ACCOUNT_INACTIVE', 'Your account is inactive. Please contact support', 401);
    }
    return ok(await this.auth.sessionUser(user));
  }

  @Serves(logout)
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Envelope<null>> {
    await this.sessions.signOut(req, res);
    return ok(null, 'Signed out');
  }

  @Serves(checkSSOStatus)
  @HttpCode(200)
  async checkSSOStatus(@Req() req: Request, @Body(new ZodPipe(ssoBody)) body: z.output<typeof ssoBody>) {
    const google = provenGoogle(req, body.emailAddress);
    const resolved = await this.identity.post('/google-identities/resolve', googleResolution, {
      subject: google.subject,
      emailAddress: google.emailAddress,
    });
    return ok({
      registered: resolved.registered,
      emailAddress: google.emailAddress,
      fullName: google.fullName,
      firstName: google.firstName,
      lastName: google.lastName,
    });
  }

  @Serves(loginSSO)
  @HttpCode(200)
  async loginSSO(
    @Req() req: Request,
    @Body(new ZodPipe(ssoBody)) body: z.output<typeof ssoBody>,
  ): Promise<Envelope<SessionUserData>> {
    const google = provenGoogle(req, body.emailAddress);
    const resolved = await this.identity.post('/google-identities/resolve', googleResolution, {
      subject: google.subject,
      emailAddress: google.emailAddress,
    });
    if (!resolved.user) {
      throw new DomainError(
        'NOT_REGISTERED',
        'There is no account for this Google identity. Please sign up',
        404,
      );
    }
    await this.sessions.signIn(req, resolved.user);
    return ok(await this.auth.sessionUser(resolved.user), 'Signed in');
  }

  /** Signed in and unverified, for the own address: a verification code. Otherwise: a reset code. */
  @Serves(verifyEmail)
  @HttpCode(200)
  async sendCode(@Req() req: Request, @Body(new ZodPipe(sendCodeBody)) body: z.output<typeof sendCodeBody>) {
    const verifying = await this.verifyingOwnAddress(req, body.emailAddress);
    if (verifying) {
      await this.identity.post(`/users/${verifying.userId}/verification-code`, nothing);
      return ok(null, `We sent a verification code to ${body.emailAddress}`);
    }
    await this.identity.post('/password-resets', nothing, { emailAddress: body.emailAddress });
    return ok(null, 'If an account uses this address, we sent it a code');
  }

  @Serves(verifyEmailToken)
  @HttpCode(200)
  async checkCode(
    @Req() req: Request,
    @Body(new ZodPipe(checkCodeBody)) body: z.output<typeof checkCodeBody>,
  ) {
    const verifying = await this.verifyingOwnAddress(req, body.emailAddress);
    if (verifying) {
      await this.identity.post(`/users/${verifying.userId}/email-verification`, identityUser, {
        code: body.token,
      });
      return ok(null, 'Your email address is verified');
    }
    const { userId } = await this.identity.post('/password-resets/check', resetCheck, {
      emailAddress: body.emailAddress,
      code: body.token,
    });
    req.session.passwordReset = { userId, emailAddress: body.emailAddress, verifiedAt: Date.now() };
    return ok(null, 'Code verified. Please choose a new password');
  }

  @Serves(changePasswordFP)
  @HttpCode(200)
  async resetPassword(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodPipe(resetPasswordBody)) body: z.output<typeof resetPasswordBody>,
  ) {
    const grant = req.session.passwordReset;
    if (
      !grant ||
      grant.emailAddress !== body.emailAddress ||
      Date.now() - grant.verifiedAt > PROOF_VALID_MS
    ) {
      throw new DomainError('RESET_NOT_VERIFIED', 'Please verify the code we e-mailed you first', 403);
    }
    await this.identity.post(`/users/${grant.userId}/password`, nothing, {
      newPassword: body.newPassword,
      reason: 'RESET',
    });
    delete req.session.passwordReset;
    await this.sessions.endAllSessionsOf(grant.userId);
    await this.sessions.signOut(req, res);
    return ok(null, 'Password changed successfully');
  }

  @Serves(changePassword)
  @HttpCode(200)
  async changePassword(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body(new ZodPipe(changePasswordBody)) body: z.output<typeof changePasswordBody>,
  ) {
    const userId = req.session.user?.userId ?? '';
    await this.identity.post(`/users/${userId}/password`, nothing, {
      newPassword: body.newPassword,
      reason: 'CHANGED',
    });
    await this.sessions.endAllSessionsOf(userId);
    await this.sessions.signOut(req, res);
    return ok(null, 'Password changed successfully. Please sign in again');
  }

  @Serves(updateUser)
  async updateProfile(
    @Req() req: Request,
    @Body(new ZodPipe(updateUserBody)) body: z.output<typeof updateUserBody>,
  ) {
    const userId = req.session.user?.userId;
    // Someone else's account answers as if it did not exist.
    if (body.id !== userId) throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
    const user = await this.identity.put(`/users/${userId}/profile`, identityUser, {
      firstName: body.firstName,
      lastName: body.lastName,
      mobileNo: body.mobileNo,
    });
    return ok(
      {
        userId: user.userId,
        firstName: user.firstName,
        lastName: user.lastName,
        fullName: user.fullName,
        mobileNo: user.mobileNo,
      },
      'Profile updated successfully',
    );
  }

  private async verifyingOwnAddress(req: Request, emailAddress: string) {
    const userId = req.session.user?.userId;
    if (!userId) return undefined;
    const user = await this.auth.getUser(userId);
    return !user.isVerified && user.emailAddress === emailAddress ? user : undefined;
  }
}

import type {
  changePasswordBody,
  loginBody,
  resetPasswordBody,
  sessionUserData,
  signUpBody,
  signUpData,
  updateUserBody,
} from '@multimfa/api-contract';
import { billingCustomerLookup } from '@multimfa/service-contracts/billing';
import {
  accountInactive,
  codeRejected,
  googleResolution,
  type IdentityUser,
  identityUser,
  nothing,
  registration,
  resetCheck,
} from '@multimfa/service-contracts/identity';
import { DomainError, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { toSessionMfa } from '../mfa/mfa.shapes.js';
import { MfasService } from '../mfa/mfas.service.js';
import type { Browser, BrowserSession } from '../session/browser.port.js';
import { deviceCookieName } from '../session/session-settings.config.js';
import type { GoogleIdentity, PendingSignUp } from '../session/session-state.types.js';
import { SessionsService } from '../session/sessions.service.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING, IDENTITY } from '../upstream/upstream.module.js';
import { clientPrefix } from './client-prefix.rules.js';
import { LoginThrottleService, type SignInAttempt } from './login-throttle.service.js';
import { SignUpThrottleService } from './sign-up-throttle.service.js';

export type SessionUserData = z.infer<typeof sessionUserData>;
type SignUpData = z.infer<typeof signUpData>;

const pendingProfile = (user: IdentityUser): PendingSignUp => ({
  emailAddress: user.emailAddress,
  firstName: user.firstName,
  lastName: user.lastName,
  mobileNo: user.mobileNo,
});

/** A pending sign-up as identity would describe a new, unverified customer. */
const pendingUser = (userId: string, profile: PendingSignUp): IdentityUser => ({
  userId,
  ...profile,
  fullName: `${profile.firstName} ${profile.lastName}`,
  userType: 'CUSTOMER',
  provider: 'NONE',
  isVerified: false,
  isActive: true,
  hasPassword: true,
});

/** A browser that signed in keeps this cookie for half a year: it passes the wider sign-in throttles. */
const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 3600 * 1000;

/**
 * The account calls of /api/auth, composed: the browser's side (sessions, proofs, throttles, device
 * cookie) is decided here, the account rules in identity, the payment customer in billing.
 */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(BILLING) private readonly billing: ServiceClient,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(LoginThrottleService) private readonly throttle: LoginThrottleService,
    @Inject(SignUpThrottleService) private readonly signUps: SignUpThrottleService,
    @Inject(MfasService) private readonly mfas: MfasService,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Creates the customer and signs this browser in, once the throttle counted the sign-up (per client
   * network and per address). An address that already had an account gets the same answer, for an
   * account that exists only in this browser's session (`PendingSignUp`): nothing tells the caller,
   * and identity e-mails the owner (at most once a day). No Stripe customer is made for a sign-up:
   * billing makes it at the first checkout or card (`stripeCustomerId` is empty until then).
   */
  async signUp(browser: Browser, body: z.output<typeof signUpBody>): Promise<SignUpData> {
    await this.signUps.reserve(clientPrefix(browser.ip), body.emailAddress);
    const session = browser.session;
    const google =
      body.provider === 'GOOGLE' ? this.sessions.provenGoogle(session, body.emailAddress) : undefined;
    const { accountExisted, ...user } = await this.identity.post('/users', registration, {
      emailAddress: body.emailAddress,
      password: google ? undefined : body.password,
      firstName: body.firstName,
      lastName: body.lastName,
      mobileNo: body.mobileNo,
      google: google ? { subject: google.subject, emailAddress: google.emailAddress } : undefined,
      serviceAgreementAgreed: body.serviceAgreementAgreed,
      receiveMarketingEmails: body.receiveMarketingEmails,
    });
    await this.sessions.signIn(session, user, accountExisted ? pendingProfile(user) : undefined);
    return {
      emailAddress: user.emailAddress,
      isVerified: user.isVerified,
      fullName: user.fullName,
      userId: user.userId,
      stripeCustomerId: '',
    };
  }

  /**
   * Each attempt is counted before identity checks the password, so parallel guesses cannot race. Once
   * it has passed, the throttle's release, the new session and the answer's data go side by side (their
   * Redis commands leave in one write).
   */
  async login(browser: Browser, body: z.output<typeof loginBody>): Promise<SessionUserData> {
    const attempt = this.attempt(browser, body.emailAddress);
    await this.throttle.reserve(attempt);
    const user = await this.identity.post('/users/authenticate', identityUser, body);
    const [, , signedIn] = await Promise.all([
      this.throttle.succeeded(attempt),
      this.signIn(browser, user),
      this.sessionUser(user),
    ]);
    return signedIn;
  }

  async currentUser(browser: Browser): Promise<SessionUserData> {
    const user = await this.signedInUser(browser.session);
    if (!user.isActive) {
      await this.sessions.signOut(browser);
      throw accountInactive();
    }
    return this.sessionUser(user);
  }

  logout(browser: Browser): Promise<void> {
    return this.sessions.signOut(browser);
  }

  async googleStatus(session: BrowserSession, emailAddress: string) {
    const google = this.sessions.provenGoogle(session, emailAddress);
    const resolved = await this.resolveGoogle(google);
    return {
      registered: resolved.registered,
      emailAddress: google.emailAddress,
      fullName: google.fullName,
      firstName: google.firstName,
      lastName: google.lastName,
    };
  }

  async loginWithGoogle(browser: Browser, emailAddress: string): Promise<SessionUserData> {
    const resolved = await this.resolveGoogle(this.sessions.provenGoogle(browser.session, emailAddress));
    if (!resolved.user) {
      throw new DomainError(
        'NOT_REGISTERED',
        'There is no account for this Google identity. Please sign up',
        404,
      );
    }
    await this.signIn(browser, resolved.user);
    return this.sessionUser(resolved.user);
  }

  /**
   * Signed in and unverified, for the own address: a verification code. Otherwise a reset code, sent
   * after identity has answered. Each client network may ask for a limited number either way.
   * Answers the message to show.
   */
  async sendCode(browser: Browser, emailAddress: string): Promise<string> {
    await this.throttle.reserveCodeRequest(clientPrefix(browser.ip));
    const verifying = await this.verifyingOwnAddress(browser.session, emailAddress);
    if (verifying) {
      // A pending sign-up's address belongs to someone else: the code would go to nobody who asked.
      if (!this.sessions.pendingSignUp(browser.session)) {
        await this.identity.post(`/users/${verifying.userId}/verification-code`, nothing);
      }
      return `We sent a verification code to ${emailAddress}`;
    }
    await this.identity.post('/password-resets', nothing, { emailAddress });
    return 'If an account uses this address, we sent it a code';
  }

  /** Verifies the own address, or gives this browser a reset grant; answers the message to show. */
  async checkCode(session: BrowserSession, emailAddress: string, code: string): Promise<string> {
    const verifying = await this.verifyingOwnAddress(session, emailAddress);
    if (verifying) {
      if (this.sessions.pendingSignUp(session)) throw codeRejected();
      await this.identity.post(`/users/${verifying.userId}/email-verification`, identityUser, { code });
      return 'Your email address is verified';
    }
    const { userId } = await this.identity.post('/password-resets/check', resetCheck, { emailAddress, code });
    await this.sessions.storeResetGrant(session, { userId, emailAddress });
    return 'Code verified. Please choose a new password';
  }

  /** The new password of a reset: only for the browser holding the grant; every session ends. */
  async resetPassword(browser: Browser, body: z.output<typeof resetPasswordBody>): Promise<void> {
    const grant = this.sessions.resetGrant(browser.session, body.emailAddress);
    await this.identity.post(`/users/${grant.userId}/password-reset`, nothing, {
      newPassword: body.newPassword,
    });
    await this.sessions.endAllSessionsOf(grant.userId);
    await this.sessions.signOut(browser);
  }

  /**
   * Proven by the current password (counted like a sign-in attempt) or a fresh Google sign-in. A
   * pending sign-up has no account to change: its session ends, as after a change.
   */
  async changePassword(browser: Browser, body: z.output<typeof changePasswordBody>): Promise<void> {
    if (this.sessions.pendingSignUp(browser.session)) return this.sessions.signOut(browser);
    const user = await this.getUser(this.sessions.signedInUserId(browser.session) ?? '');
    const attempt = this.attempt(browser, user.emailAddress);
    await this.throttle.reserve(attempt);
    await this.identity.post(`/users/${user.userId}/password`, nothing, {
      currentPassword: body.currentPassword,
      googleSubject: this.sessions.freshGoogle(browser.session)?.subject,
      newPassword: body.newPassword,
    });
    await this.throttle.succeeded(attempt);
    await this.sessions.endAllSessionsOf(user.userId);
    await this.sessions.signOut(browser);
  }

  /** Only the signed-in user's own profile; anyone else's answers as if it did not exist. */
  async updateProfile(session: BrowserSession, body: z.output<typeof updateUserBody>) {
    const userId = this.sessions.signedInUserId(session);
    if (body.id !== userId) throw new DomainError('USER_NOT_FOUND', 'User not found', 404);
    const profile = { firstName: body.firstName, lastName: body.lastName, mobileNo: body.mobileNo };
    const pending = this.sessions.pendingSignUp(session);
    const user = pending
      ? pendingUser(userId, await this.updatePending(session, { ...pending, ...profile }))
      : await this.identity.put(`/users/${userId}/profile`, identityUser, profile);
    return {
      userId: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: user.fullName,
      mobileNo: user.mobileNo,
    };
  }

  private getUser(userId: string): Promise<IdentityUser> {
    return this.identity.get(`/users/${userId}`, identityUser);
  }

  /** The signed-in account: from identity, or from the session for a pending sign-up. */
  private async signedInUser(session: BrowserSession): Promise<IdentityUser> {
    const userId = this.sessions.signedInUserId(session) ?? '';
    const pending = this.sessions.pendingSignUp(session);
    return pending ? pendingUser(userId, pending) : this.getUser(userId);
  }

  private async updatePending(session: BrowserSession, profile: PendingSignUp): Promise<PendingSignUp> {
    await this.sessions.updatePendingSignUp(session, profile);
    return profile;
  }

  /** A Google take-over of an unverified account ends every session the account had. */
  private async resolveGoogle(google: GoogleIdentity) {
    const resolved = await this.identity.post('/google-identities/resolve', googleResolution, {
      subject: google.subject,
      emailAddress: google.emailAddress,
    });
    if (resolved.tookOver && resolved.user) await this.sessions.endAllSessionsOf(resolved.user.userId);
    return resolved;
  }

  private async signIn(browser: Browser, user: IdentityUser): Promise<void> {
    await this.sessions.signIn(browser.session, user);
    browser.cookies.set(
      deviceCookieName(this.config.COOKIE_SECURE),
      this.throttle.deviceTag(user.emailAddress),
      {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.COOKIE_SECURE,
        maxAge: DEVICE_COOKIE_MAX_AGE_MS,
        path: '/',
      },
    );
  }

  private attempt(browser: Browser, emailAddress: string): SignInAttempt {
    const device = browser.cookies.signed(deviceCookieName(this.config.COOKIE_SECURE));
    return {
      emailAddress,
      network: clientPrefix(browser.ip),
      trustedDevice: device === this.throttle.deviceTag(emailAddress),
    };
  }

  private async verifyingOwnAddress(session: BrowserSession, emailAddress: string) {
    if (!this.sessions.signedInUserId(session)) return undefined;
    const user = await this.signedInUser(session);
    return !user.isVerified && user.emailAddress === emailAddress ? user : undefined;
  }

  /** What the browser's session shows. A read: it never creates anything. */
  private async sessionUser(user: IdentityUser): Promise<SessionUserData> {
    const [MFAs, stripeCustomerId] = await Promise.all([
      this.sessionMfas(user.userId),
      this.stripeCustomerId(user.userId),
    ]);
    return {
      emailAddress: user.emailAddress,
      name: user.fullName,
      firstName: user.firstName,
      lastName: user.lastName,
      userId: user.userId,
      userType: user.userType,
      isVerified: user.isVerified,
      isLoggedIn: true,
      hasPassword: user.hasPassword,
      mobileNo: user.mobileNo,
      MFAs,
      stripeCustomerId,
    };
  }

  /** The user's MultiMFAs and RoboMFAs, newest first; none while numbers cannot answer (the dashboard asks again). */
  private async sessionMfas(userId: string): Promise<SessionUserData['MFAs']> {
    try {
      return (await this.mfas.list(userId)).map(toSessionMfa);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'MFAs unavailable for the session');
      return [];
    }
  }

  /** The Stripe customer id, or '' while billing has not created it yet (or cannot answer). */
  private async stripeCustomerId(userId: string): Promise<string> {
    try {
      return (await this.billing.get(`/customers/${userId}`, billingCustomerLookup)).stripeCustomerId ?? '';
    } catch (error) {
      if (!(error instanceof DomainError && error.status === 404)) {
        this.logger.warn({ err: error, userId }, 'billing customer unavailable');
      }
      return '';
    }
  }
}

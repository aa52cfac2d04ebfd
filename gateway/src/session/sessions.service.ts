import { googleIdentityRequired } from '@multimfa/service-contracts/identity';
import { Clock, DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { GatewayRedis } from '../redis/gateway-redis.js';
import { SESSION_PREFIX, sessionCookieName } from './session-settings.js';
import type { GoogleIdentity, PasswordResetGrant, PendingSignUp, UserRole } from './session-user.js';

/** A Google identity or a reset code is good for this long in the session that proved it. */
export const PROOF_VALID_MS = 10 * 60_000;

const indexKey = (userId: string) => `user-sessions:${userId}`;

const promised = (run: (done: (error?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => run((error) => (error ? reject(error) : resolve())));

/**
 * Server-side sessions: every sign-in and every stored proof (a Google identity, a reset grant) gives
 * the browser a fresh session id (no fixation), and every session that acts for a user is indexed so
 * that a password change, a reset or a Google take-over ends all of them.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(GatewayRedis) private readonly redis: GatewayRedis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** `pendingSignUp`: a sign-up of an address that already had an account (see PendingSignUp). */
  async signIn(
    req: Request,
    user: { userId: string; userType: UserRole },
    pendingSignUp?: PendingSignUp,
  ): Promise<void> {
    const google = req.session.google;
    await this.renew(req, this.now());
    req.session.user = { userId: user.userId, role: user.userType };
    if (google) req.session.google = google;
    if (pendingSignUp) req.session.pendingSignUp = pendingSignUp;
    await this.save(req, user.userId);
  }

  /** Keeps a Google identity this browser just proved (now), under a new session id. */
  async storeGoogleProof(req: Request, google: Omit<GoogleIdentity, 'verifiedAt'>): Promise<void> {
    const { user, startedAt, pendingSignUp } = req.session;
    await this.renew(req, user ? (startedAt ?? this.now()) : this.now());
    if (user) req.session.user = user;
    if (pendingSignUp) req.session.pendingSignUp = pendingSignUp;
    req.session.google = { ...google, verifiedAt: this.now() };
    await this.save(req, user?.userId);
  }

  /** Lets this browser set a new password for the account, briefly (from now), under a new session id. */
  async storeResetGrant(req: Request, grant: Omit<PasswordResetGrant, 'verifiedAt'>): Promise<void> {
    const { user, startedAt, google, pendingSignUp } = req.session;
    await this.renew(req, user ? (startedAt ?? this.now()) : this.now());
    if (user) req.session.user = user;
    if (google) req.session.google = google;
    if (pendingSignUp) req.session.pendingSignUp = pendingSignUp;
    req.session.passwordReset = { ...grant, verifiedAt: this.now() };
    // Indexed under the account, so a password change elsewhere ends the grant too.
    await this.save(req, grant.userId);
    if (user && user.userId !== grant.userId) await this.index(user.userId, req.sessionID);
  }

  /** The Google identity this browser proved for the address, within the proof window. */
  provenGoogle(req: Request, emailAddress: string): GoogleIdentity {
    const google = req.session.google;
    if (!google || google.emailAddress !== emailAddress || this.now() - google.verifiedAt > PROOF_VALID_MS) {
      throw googleIdentityRequired();
    }
    return google;
  }

  /** A Google identity proved in this browser within the proof window, for any address. */
  freshGoogle(req: Request): GoogleIdentity | undefined {
    const google = req.session.google;
    return google && this.now() - google.verifiedAt <= PROOF_VALID_MS ? google : undefined;
  }

  /** The reset grant of this browser for the address, within the proof window. */
  resetGrant(req: Request, emailAddress: string): PasswordResetGrant {
    const grant = req.session.passwordReset;
    if (!grant || grant.emailAddress !== emailAddress || this.now() - grant.verifiedAt > PROOF_VALID_MS) {
      throw new DomainError('RESET_NOT_VERIFIED', 'Please verify the code we e-mailed you first', 403);
    }
    return grant;
  }

  signedInUserId(req: Request): string | undefined {
    return req.session.user?.userId;
  }

  /** The profile of a sign-up that found the address taken, when this browser is signed in as one. */
  pendingSignUp(req: Request): PendingSignUp | undefined {
    return req.session.user ? req.session.pendingSignUp : undefined;
  }

  async updatePendingSignUp(req: Request, profile: PendingSignUp): Promise<void> {
    req.session.pendingSignUp = profile;
    await promised((done) => req.session.save(done));
  }

  async signOut(req: Request, res: Response): Promise<void> {
    const userId = req.session?.user?.userId;
    if (userId) await this.redis.client.srem(indexKey(userId), req.sessionID);
    await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
    this.clearCookie(res);
  }

  /** Ends every session of the user, on every device, and every reset grant for the account. */
  async endAllSessionsOf(userId: string): Promise<void> {
    const key = indexKey(userId);
    const sessionIds = await this.redis.client.smembers(key);
    await this.redis.client.del(...sessionIds.map((id) => `${SESSION_PREFIX}${id}`), key);
  }

  clearCookie(res: Response): void {
    res.clearCookie(sessionCookieName(this.config.COOKIE_SECURE), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.COOKIE_SECURE,
    });
  }

  private async renew(req: Request, startedAt: number): Promise<void> {
    await promised((done) => req.session.regenerate(done));
    req.session.startedAt = startedAt;
    req.session.lastSeenAt = this.now();
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private async save(req: Request, userId: string | undefined): Promise<void> {
    await promised((done) => req.session.save(done));
    if (userId) await this.index(userId, req.sessionID);
  }

  private async index(userId: string, sessionId: string): Promise<void> {
    const key = indexKey(userId);
    await this.redis.client.multi().sadd(key, sessionId).expire(key, this.config.SESSION_TTL_SECONDS).exec();
  }
}

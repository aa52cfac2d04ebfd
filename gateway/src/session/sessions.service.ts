import { googleIdentityRequired } from '@multimfa/service-contracts/identity';
import { Clock, DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { GatewayRedis } from '../redis/gateway-redis.client.js';
import type { Browser, BrowserSession } from './browser.port.js';
import { SESSION_PREFIX, sessionCookieName } from './session-settings.config.js';
import type { GoogleIdentity, PasswordResetGrant, PendingSignUp, UserRole } from './session-state.types.js';

/** A Google identity or a reset code is good for this long in the session that proved it. */
export const PROOF_VALID_MS = 10 * 60_000;

const indexKey = (userId: string) => `user-sessions:${userId}`;

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
    session: BrowserSession,
    user: { userId: string; userType: UserRole },
    pendingSignUp?: PendingSignUp,
  ): Promise<void> {
    const google = session.data.google;
    await this.renew(session, this.now());
    session.data.user = { userId: user.userId, role: user.userType };
    if (google) session.data.google = google;
    if (pendingSignUp) session.data.pendingSignUp = pendingSignUp;
    await this.save(session, user.userId);
  }

  /** Keeps a Google identity this browser just proved (now), under a new session id. */
  async storeGoogleProof(session: BrowserSession, google: Omit<GoogleIdentity, 'verifiedAt'>): Promise<void> {
    const { user, startedAt, pendingSignUp } = session.data;
    await this.renew(session, user ? (startedAt ?? this.now()) : this.now());
    if (user) session.data.user = user;
    if (pendingSignUp) session.data.pendingSignUp = pendingSignUp;
    session.data.google = { ...google, verifiedAt: this.now() };
    await this.save(session, user?.userId);
  }

  /** Lets this browser set a new password for the account, briefly (from now), under a new session id. */
  async storeResetGrant(
    session: BrowserSession,
    grant: Omit<PasswordResetGrant, 'verifiedAt'>,
  ): Promise<void> {
    const { user, startedAt, google, pendingSignUp } = session.data;
    await this.renew(session, user ? (startedAt ?? this.now()) : this.now());
    if (user) session.data.user = user;
    if (google) session.data.google = google;
    if (pendingSignUp) session.data.pendingSignUp = pendingSignUp;
    session.data.passwordReset = { ...grant, verifiedAt: this.now() };
    // Indexed under the account, so a password change elsewhere ends the grant too.
    await this.save(session, grant.userId);
    if (user && user.userId !== grant.userId) await this.index(user.userId, session.id);
  }

  /** The Google identity this browser proved for the address, within the proof window. */
  provenGoogle(session: BrowserSession, emailAddress: string): GoogleIdentity {
    const google = session.data.google;
    if (!google || google.emailAddress !== emailAddress || this.now() - google.verifiedAt > PROOF_VALID_MS) {
      throw googleIdentityRequired();
    }
    return google;
  }

  /** A Google identity proved in this browser within the proof window, for any address. */
  freshGoogle(session: BrowserSession): GoogleIdentity | undefined {
    const google = session.data.google;
    return google && this.now() - google.verifiedAt <= PROOF_VALID_MS ? google : undefined;
  }

  /** The reset grant of this browser for the address, within the proof window. */
  resetGrant(session: BrowserSession, emailAddress: string): PasswordResetGrant {
    const grant = session.data.passwordReset;
    if (!grant || grant.emailAddress !== emailAddress || this.now() - grant.verifiedAt > PROOF_VALID_MS) {
      throw new DomainError('RESET_NOT_VERIFIED', 'Please verify the code we e-mailed you first', 403);
    }
    return grant;
  }

  signedInUserId(session: BrowserSession): string | undefined {
    return session.data.user?.userId;
  }

  /** The profile of a sign-up that found the address taken, when this browser is signed in as one. */
  pendingSignUp(session: BrowserSession): PendingSignUp | undefined {
    return session.data.user ? session.data.pendingSignUp : undefined;
  }

  async updatePendingSignUp(session: BrowserSession, profile: PendingSignUp): Promise<void> {
    session.data.pendingSignUp = profile;
    await session.save();
  }

  /** Ends this browser's session and clears its cookie. */
  async signOut(browser: Pick<Browser, 'session' | 'cookies'>): Promise<void> {
    const userId = browser.session.data.user?.userId;
    if (userId) await this.redis.client.srem(indexKey(userId), browser.session.id);
    await browser.session.destroy();
    browser.cookies.clear(sessionCookieName(this.config.COOKIE_SECURE), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.COOKIE_SECURE,
    });
  }

  /** Ends every session of the user, on every device, and every reset grant for the account. */
  async endAllSessionsOf(userId: string): Promise<void> {
    const key = indexKey(userId);
    const sessionIds = await this.redis.client.smembers(key);
    await this.redis.client.del(...sessionIds.map((id) => `${SESSION_PREFIX}${id}`), key);
  }

  private async renew(session: BrowserSession, startedAt: number): Promise<void> {
    await session.regenerate();
    session.data.startedAt = startedAt;
    session.data.lastSeenAt = this.now();
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private async save(session: BrowserSession, userId: string | undefined): Promise<void> {
    await session.save();
    if (userId) await this.index(userId, session.id);
  }

  private async index(userId: string, sessionId: string): Promise<void> {
    const key = indexKey(userId);
    await this.redis.client.multi().sadd(key, sessionId).expire(key, this.config.SESSION_TTL_SECONDS).exec();
  }
}

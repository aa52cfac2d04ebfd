import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { UserRole } from '../access/session-user.js';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { GatewayRedis } from '../http/gateway-redis.js';
import { SESSION_COOKIE, SESSION_PREFIX } from '../http/session-settings.js';

const indexKey = (userId: string) => `user-sessions:${userId}`;

/**
 * Server-side sessions: signing in gives the browser a fresh session id (no fixation), and every
 * session of a user is indexed so that a password change ends all of them.
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(GatewayRedis) private readonly redis: GatewayRedis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async signIn(req: Request, user: { userId: string; userType: UserRole }): Promise<void> {
    const google = req.session.google;
    await new Promise<void>((resolve, reject) =>
      req.session.regenerate((error) => (error ? reject(error) : resolve())),
    );
    req.session.user = { userId: user.userId, role: user.userType };
    if (google) req.session.google = google;
    await new Promise<void>((resolve, reject) =>
      req.session.save((error) => (error ? reject(error) : resolve())),
    );
    const key = indexKey(user.userId);
    await this.redis.client
      .multi()
      .sAdd(key, req.sessionID)
      .expire(key, this.config.SESSION_TTL_SECONDS)
      .exec();
  }

  async signOut(req: Request, res: Response): Promise<void> {
    const userId = req.session?.user?.userId;
    if (userId) await this.redis.client.sRem(indexKey(userId), req.sessionID);
    await new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
    this.clearCookie(res);
  }

  /** Ends every session of the user, on every device (after a password change or reset). */
  async endAllSessionsOf(userId: string): Promise<void> {
    const key = indexKey(userId);
    const sessionIds = await this.redis.client.sMembers(key);
    const keys = [...sessionIds.map((id) => `${SESSION_PREFIX}${id}`), key];
    await this.redis.client.del(keys);
  }

  clearCookie(res: Response): void {
    res.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.COOKIE_SECURE,
    });
  }
}

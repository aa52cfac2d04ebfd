import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Controller, Get, Inject, Next, Req, Res } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { PublicRoute } from '../access/serves.decorator.js';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { expressSession } from '../session/express-browser.adapter.js';
import { SessionsService } from '../session/sessions.service.js';

/**
 * The pages a Google sign-in may return to (`?returnTo=`, nothing else: no open redirect): the sign-in
 * page, or the change-password form, where a Google-only account proves itself.
 */
const GOOGLE_RETURN_PATHS = new Set(['/login', '/change-password']);

/**
 * Google sign-in, verified on the server: the browser goes through Google's consent (the OAuth
 * code flow, with state), the gateway exchanges the code and reads the profile, and keeps the proven
 * identity in the session. The browser then learns only the address, to ask checkSSOStatus.
 */
@Controller('api/auth/google')
export class GoogleController {
  private readonly passport = new Passport();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {
    this.passport.use(
      new GoogleStrategy(
        {
          clientID: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          callbackURL: `${config.PUBLIC_URL.replace(/\/$/, '')}/api/auth/google/callback`,
          authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
          tokenURL: config.GOOGLE_TOKEN_URL,
          userProfileURL: config.GOOGLE_USERINFO_URL,
          state: true,
        },
        (
          _accessToken: string,
          _refreshToken: string,
          profile: Profile,
          done: (error: unknown, user?: Profile) => void,
        ) => done(null, profile),
      ),
    );
  }

  @Get()
  @PublicRoute()
  start(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    const returnTo = req.query.returnTo;
    if (typeof returnTo === 'string' && GOOGLE_RETURN_PATHS.has(returnTo))
      req.session.googleReturnTo = returnTo;
    else delete req.session.googleReturnTo;
    this.passport.authenticate('google', { scope: ['openid', 'email', 'profile'], session: false })(
      req,
      res,
      next,
    );
  }

  @Get('callback')
  @PublicRoute()
  callback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    const page = req.session.googleReturnTo ?? '/login';
    const back = (query: Record<string, string>) =>
      res.redirect(303, `${this.config.PUBLIC_URL.replace(/\/$/, '')}${page}?${new URLSearchParams(query)}`);
    this.passport.authenticate('google', { session: false }, (error: unknown, profile: Profile | false) => {
      if (error || !profile) {
        this.logger.warn({ err: error }, 'Google sign-in failed');
        return back({ sso: 'error', message: 'Google sign-in did not complete. Please try again' });
      }
      const email = profile.emails?.find(
        (entry) => entry.verified === true || String(entry.verified) === 'true',
      );
      if (!email) return back({ sso: 'error', message: 'Your Google account has no verified email address' });
      const emailAddress = email.value.toLowerCase();
      const google = {
        subject: profile.id,
        emailAddress,
        fullName:
          profile.displayName || `${profile.name?.givenName ?? ''} ${profile.name?.familyName ?? ''}`.trim(),
        firstName: profile.name?.givenName ?? '',
        lastName: profile.name?.familyName ?? '',
      };
      this.sessions
        .storeGoogleProof(expressSession(req), google)
        .then(() => back({ sso: 'google', email: emailAddress }), next);
    })(req, res, next);
  }
}

import type { ServerResponse } from 'node:http';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Passport } from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { PublicRoute } from '../access/serves.decorator.js';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import type { GatewayRequest } from '../exchange/raw-exchange.adapter.js';
import { sessionOf } from '../session/browser.adapter.js';
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

  /** Passport answers on the raw request and response (express-session's session is there). */
  @Get()
  @PublicRoute()
  start(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    reply.hijack();
    const req = request.raw as GatewayRequest;
    const returnTo = (request.query as Record<string, unknown>).returnTo;
    if (typeof returnTo === 'string' && GOOGLE_RETURN_PATHS.has(returnTo))
      req.session.googleReturnTo = returnTo;
    else delete req.session.googleReturnTo;
    this.passport.authenticate('google', { scope: ['openid', 'email', 'profile'], session: false })(
      req,
      reply.raw,
      (error: unknown) => this.failed(reply.raw, '/login', error),
    );
  }

  @Get('callback')
  @PublicRoute()
  callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    reply.hijack();
    const req = request.raw as GatewayRequest;
    const page = req.session.googleReturnTo ?? '/login';
    const back = (query: Record<string, string>) => this.redirect(reply.raw, page, query);
    const next = (error: unknown) => this.failed(reply.raw, page, error);
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
        .storeGoogleProof(sessionOf(req), google)
        .then(() => back({ sso: 'google', email: emailAddress }), next);
    })(req, reply.raw, next);
  }

  /** 303 to `page` of the web app with `query` (express-session saves the session as the answer ends). */
  private redirect(res: ServerResponse, page: string, query: Record<string, string>): void {
    res.statusCode = 303;
    res.setHeader(
      'Location',
      `${this.config.PUBLIC_URL.replace(/\/$/, '')}${page}?${new URLSearchParams(query)}`,
    );
    res.end();
  }

  /** A sign-in that broke on our side (the session store, the provider's answer): back to the page, saying so. */
  private failed(res: ServerResponse, page: string, error: unknown): void {
    this.logger.error({ err: error }, 'Google sign-in failed');
    if (!res.headersSent)
      this.redirect(res, page, {
        sso: 'error',
        message: 'Google sign-in did not complete. Please try again',
      });
  }
}

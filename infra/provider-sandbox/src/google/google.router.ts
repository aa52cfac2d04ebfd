import { createHash } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type Response, type Router } from 'express';
import { jwtVerify } from 'jose';
import type { SandboxConfig } from '../config/sandbox-config.js';
import { type HeldRequests, injectFaults } from '../faults/fault.middleware.js';
import type { FaultStore } from '../faults/fault.store.js';
import type { Background } from '../shared/background.js';
import type { Logger } from '../shared/logger.js';
import { sameOriginForms, sendPage } from '../shared/page.js';
import { secureEqual } from '../shared/secure-compare.js';
import {
  ACCESS_TOKEN_TTL_S,
  type AuthorizationRequest,
  GoogleStore,
  type IssuedToken,
} from './google.store.js';
import { DEMO_IDENTITIES, type GoogleIdentity, identityFor } from './google-identity.js';
import { GoogleSigningKey } from './google-keys.js';
import { signInErrorPage, signInPage } from './sign-in.page.js';

export interface GoogleDeps {
  config: SandboxConfig['google'];
  publicUrl: () => string;
  faults: FaultStore;
  held: HeldRequests;
  background: Background;
  logger: Logger;
}

export interface GoogleSandbox {
  router: Router;
  signingKey: GoogleSigningKey;
}

/** Scopes the sandbox grants, by the short name and by Google's URL form. */
const SCOPES: Record<string, string> = {
  openid: 'openid',
  email: 'email',
  profile: 'profile',
  'https://www.googleapis.com/auth/userinfo.email': 'email',
  'https://www.googleapis.com/auth/userinfo.profile': 'profile',
};
const SCOPE_URLS: Record<string, string> = {
  openid: 'openid',
  email: 'https://www.googleapis.com/auth/userinfo.email',
  profile: 'https://www.googleapis.com/auth/userinfo.profile',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The API calls (faults apply to these, never to the sign-in page). */
const API_PATHS = [
  '/token',
  '/oauth2/v4/token',
  '/oauth2/v3/userinfo',
  '/v1/userinfo',
  '/oauth2/v3/certs',
  '/tokeninfo',
  '/revoke',
  '/.well-known/openid-configuration',
];

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** Adds OAuth answer parameters to the app's redirect URI (keeping its own query). */
function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * Google sign-in (OAuth 2.0 / OpenID Connect) as passport-google-oauth20 and OIDC libraries use it:
 * the account chooser at /o/oauth2/v2/auth, the token endpoint (/token and /oauth2/v4/token), userinfo
 * (/oauth2/v3/userinfo and /v1/userinfo), RS256 ID tokens with their JWKS at /oauth2/v3/certs,
 * tokeninfo, revoke and the discovery document.
 */
export function createGoogleSandbox(deps: GoogleDeps): GoogleSandbox {
  const { config, logger } = deps;
  const store = new GoogleStore();
  const signingKey = new GoogleSigningKey(config.signingKeyPem);

  const issueIdToken = (grant: Omit<IssuedToken, 'expiresAt'>, accessToken: string, nonce?: string) => {
    const now = Math.floor(Date.now() / 1000);
    const { identity, scopes } = grant;
    const digest = createHash('sha256').update(accessToken).digest();
    return signingKey.sign({
      iss: config.issuer,
      azp: grant.clientId,
      aud: grant.clientId,
      sub: identity.sub,
      ...(scopes.includes('email') ? { email: identity.email, email_verified: identity.emailVerified } : {}),
      at_hash: base64url(digest.subarray(0, digest.length / 2)),
      ...(nonce ? { nonce } : {}),
      ...(scopes.includes('profile') ? profileClaims(identity) : {}),
      iat: now,
      exp: now + ACCESS_TOKEN_TTL_S,
    });
  };

  const router = express.Router();

  // ---- the browser: account chooser -----------------------------------------------------------

  router.get(['/o/oauth2/v2/auth', '/o/oauth2/auth'], (req, res) => {
    const q = req.query;
    const clientId = text(q.client_id);
    if (clientId !== config.clientId) {
      sendPage(res, 401, signInErrorPage('invalid_client', 'The OAuth client was not found.'));
      return;
    }
    const redirectUri = text(q.redirect_uri);
    if (
      !redirectUri ||
      !URL.canParse(redirectUri) ||
      !/^https?:$/.test(new URL(redirectUri).protocol) ||
      (config.redirectUris.length > 0 && !config.redirectUris.includes(redirectUri))
    ) {
      sendPage(
        res,
        400,
        signInErrorPage(
          'redirect_uri_mismatch',
          `The redirect URI in the request, ${redirectUri ?? '(none)'}, does not match the ones authorized for the OAuth client (GOOGLE_REDIRECT_URIS).`,
        ),
      );
      return;
    }
    const scopeParam = text(q.scope);
    if (!scopeParam) {
      sendPage(res, 400, signInErrorPage('invalid_request', 'Missing required parameter: scope'));
      return;
    }
    const requested = scopeParam.split(/\s+/).filter(Boolean);
    const invalid = requested.filter((scope) => !SCOPES[scope]);
    if (invalid.length) {
      sendPage(
        res,
        400,
        signInErrorPage(
          'invalid_scope',
          `Some requested scopes were invalid. {invalid=[${invalid.join(', ')}]}`,
        ),
      );
      return;
    }
    const state = text(q.state);
    if (text(q.response_type) !== 'code') {
      res.redirect(302, redirectWith(redirectUri, { error: 'unsupported_response_type', state }));
      return;
    }
    if (text(q.prompt) === 'none') {
      // The sandbox keeps no Google session: silent sign-in always needs the person.
      res.redirect(302, redirectWith(redirectUri, { error: 'login_required', state }));
      return;
    }
    const method = text(q.code_challenge_method);
    if (method !== undefined && method !== 'S256' && method !== 'plain') {
      res.redirect(302, redirectWith(redirectUri, { error: 'invalid_request', state }));
      return;
    }
    const codeChallenge = text(q.code_challenge);
    const request: Omit<AuthorizationRequest, 'expiresAt'> = {
      clientId,
      redirectUri,
      scopes: [...new Set(requested.map((scope) => SCOPES[scope] as string))],
      ...(state ? { state } : {}),
      ...(text(q.nonce) ? { nonce: text(q.nonce) } : {}),
      ...(codeChallenge ? { codeChallenge, codeChallengeMethod: method === 'S256' ? 'S256' : 'plain' } : {}),
      ...(text(q.access_type) ? { accessType: text(q.access_type) } : {}),
      ...(text(q.login_hint) ? { loginHint: text(q.login_hint) } : {}),
    };
    const requestId = store.saveRequest(request);
    const page = signInPage({
      requestId,
      clientId,
      redirectHost: new URL(redirectUri).host,
      identities: DEMO_IDENTITIES,
      ...(request.loginHint ? { loginHint: request.loginHint } : {}),
    });
    sendPage(res, 200, page, [new URL(redirectUri).origin]);
  });

  router.post(
    '/o/oauth2/v2/auth/decision',
    sameOriginForms,
    express.urlencoded({ extended: false, limit: '8kb' }),
    (req, res) => {
      const form = req.body as Record<string, unknown>;
      const request = store.takeRequest(text(form.request) ?? '');
      if (!request) {
        sendPage(
          res,
          400,
          signInErrorPage(
            'invalid_request',
            'This sign-in request has expired or was already answered. Start again from the app.',
          ),
        );
        return;
      }
      if (form.cancel) {
        res.redirect(
          302,
          redirectWith(request.redirectUri, { error: 'access_denied', state: request.state }),
        );
        return;
      }
      let identity: GoogleIdentity | undefined;
      if (text(form.identity) !== undefined) {
        identity = DEMO_IDENTITIES[Number(form.identity)];
      } else {
        const email = text(form.email)?.trim();
        const name = text(form.name)?.trim();
        if (email && EMAIL.test(email) && name)
          identity = identityFor(email, name, form.email_verified === 'true');
      }
      if (!identity) {
        sendPage(
          res,
          400,
          signInErrorPage(
            'invalid_request',
            'Choose an account, or enter a valid e-mail address and a name.',
          ),
        );
        return;
      }
      const code = store.issueCode(request, identity);
      res.redirect(
        302,
        redirectWith(request.redirectUri, {
          state: request.state,
          code,
          scope: request.scopes.map((scope) => SCOPE_URLS[scope] ?? scope).join(' '),
          authuser: '0',
          prompt: 'consent',
        }),
      );
    },
  );

  // ---- the API ------------------------------------------------------------------------------

  const api = express.Router();
  api.use(
    API_PATHS,
    injectFaults({
      provider: 'google',
      faults: deps.faults,
      held: deps.held,
      background: deps.background,
      logger,
      respond: (res, status) => {
        // The OAuth error shape, which passport-oauth2 and OIDC clients read from these endpoints.
        const [error, description] =
          status === 429
            ? ['rate_limit_exceeded', 'Rate limit exceeded (sandbox fault)']
            : status === 503
              ? ['temporarily_unavailable', 'Service unavailable (sandbox fault)']
              : status >= 500
                ? ['internal_failure', 'Backend Error (sandbox fault)']
                : ['invalid_request', `Request failed with status ${status} (sandbox fault)`];
        res.status(status).json({ error, error_description: description });
      },
    }),
  );

  api.post(
    ['/token', '/oauth2/v4/token'],
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
      const form = (req.body ?? {}) as Record<string, unknown>;
      const client = clientCredentials(req, form);
      const clientOk = secureEqual(client.id, config.clientId);
      const secretOk = secureEqual(client.secret, config.clientSecret);
      if (!clientOk || !secretOk) throw new OAuthError(401, 'invalid_client', 'Unauthorized');

      const grantType = text(form.grant_type);
      if (grantType === 'authorization_code') {
        const issued = store.takeCode(text(form.code) ?? '');
        if (!issued || issued.request.clientId !== client.id)
          throw new OAuthError(400, 'invalid_grant', 'Bad Request');
        if (text(form.redirect_uri) !== issued.request.redirectUri) {
          throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
        }
        checkPkce(issued.request, text(form.code_verifier));
        const grant = { clientId: client.id, identity: issued.identity, scopes: issued.request.scopes };
        const accessToken = store.issueAccessToken(grant);
        res.json({
          access_token: accessToken,
          expires_in: ACCESS_TOKEN_TTL_S,
          ...(issued.request.accessType === 'offline'
            ? { refresh_token: store.issueRefreshToken(grant) }
            : {}),
          scope: grant.scopes.map((scope) => SCOPE_URLS[scope] ?? scope).join(' '),
          token_type: 'Bearer',
          id_token: await issueIdToken(grant, accessToken, issued.request.nonce),
        });
        return;
      }
      if (grantType === 'refresh_token') {
        const grant = store.refreshToken(text(form.refresh_token) ?? '');
        if (!grant || grant.clientId !== client.id)
          throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
        const accessToken = store.issueAccessToken(grant);
        res.json({
          access_token: accessToken,
          expires_in: ACCESS_TOKEN_TTL_S,
          scope: grant.scopes.map((scope) => SCOPE_URLS[scope] ?? scope).join(' '),
          token_type: 'Bearer',
          id_token: await issueIdToken(grant, accessToken),
        });
        return;
      }
      throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
    },
  );

  api.get(['/oauth2/v3/userinfo', '/v1/userinfo'], (req, res) => {
    const header = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
    const token = header ?? text(req.query.access_token) ?? '';
    const grant = store.accessToken(token);
    if (!grant) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      throw new OAuthError(401, 'invalid_request', 'Invalid Credentials');
    }
    const { identity, scopes } = grant;
    res.json({
      sub: identity.sub,
      ...(scopes.includes('profile') ? profileClaims(identity) : {}),
      ...(scopes.includes('email') ? { email: identity.email, email_verified: identity.emailVerified } : {}),
    });
  });

  api.get('/oauth2/v3/certs', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(await signingKey.jwks());
  });

  api.get('/tokeninfo', async (req, res) => {
    const idToken = text(req.query.id_token);
    const accessToken = text(req.query.access_token);
    if (idToken) {
      try {
        const { payload, protectedHeader } = await jwtVerify(idToken, signingKey.publicKey, {
          issuer: config.issuer,
        });
        res.json({
          ...Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, String(value)])),
          alg: protectedHeader.alg,
          kid: protectedHeader.kid,
          typ: protectedHeader.typ,
        });
        return;
      } catch {
        throw new OAuthError(400, 'invalid_token', 'Invalid Value');
      }
    }
    const grant = accessToken ? store.accessToken(accessToken) : undefined;
    if (!grant) throw new OAuthError(400, 'invalid_token', 'Invalid Value');
    res.json({
      azp: grant.clientId,
      aud: grant.clientId,
      sub: grant.identity.sub,
      scope: grant.scopes.map((scope) => SCOPE_URLS[scope] ?? scope).join(' '),
      exp: String(Math.floor(grant.expiresAt / 1000)),
      expires_in: String(Math.max(0, Math.floor((grant.expiresAt - Date.now()) / 1000))),
      ...(grant.scopes.includes('email')
        ? { email: grant.identity.email, email_verified: String(grant.identity.emailVerified) }
        : {}),
      access_type: 'online',
    });
  });

  api.post('/revoke', express.urlencoded({ extended: false, limit: '8kb' }), (req, res) => {
    const token =
      text((req.body as Record<string, unknown> | undefined)?.token) ?? text(req.query.token) ?? '';
    if (!store.revoke(token)) throw new OAuthError(400, 'invalid_token', 'Token expired or revoked');
    res.json({});
  });

  api.get('/.well-known/openid-configuration', (_req, res) => {
    const base = deps.publicUrl();
    res.json({
      issuer: config.issuer,
      authorization_endpoint: `${base}/o/oauth2/v2/auth`,
      token_endpoint: `${base}/token`,
      userinfo_endpoint: `${base}/v1/userinfo`,
      revocation_endpoint: `${base}/revoke`,
      jwks_uri: `${base}/oauth2/v3/certs`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'family_name',
        'given_name',
        'iat',
        'iss',
        'name',
        'sub',
      ],
      code_challenge_methods_supported: ['plain', 'S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  });

  const errors: ErrorRequestHandler = (error, _req, res: Response, _next) => {
    if (error instanceof OAuthError) {
      res.status(error.status).json({ error: error.error, error_description: error.description });
      return;
    }
    logger.error({ err: error }, 'google sandbox failed');
    res.status(500).json({ error: 'internal_failure', error_description: 'Backend Error' });
  };
  api.use(errors);
  router.use(api);
  return { router, signingKey };
}

function profileClaims(identity: GoogleIdentity) {
  return {
    name: identity.name,
    ...(identity.givenName ? { given_name: identity.givenName } : {}),
    ...(identity.familyName ? { family_name: identity.familyName } : {}),
  };
}

/** Client credentials from HTTP basic auth or the form body (client_secret_basic / client_secret_post). */
function clientCredentials(req: Request, form: Record<string, unknown>): { id: string; secret: string } {
  const basic = /^Basic\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
  if (basic) {
    const [id = '', ...secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret.join(':')) };
  }
  return { id: text(form.client_id) ?? '', secret: text(form.client_secret) ?? '' };
}

function checkPkce(request: AuthorizationRequest, verifier: string | undefined): void {
  if (!request.codeChallenge) return;
  if (!verifier) throw new OAuthError(400, 'invalid_grant', 'Missing code verifier.');
  const computed =
    request.codeChallengeMethod === 'S256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  if (!secureEqual(computed, request.codeChallenge))
    throw new OAuthError(400, 'invalid_grant', 'Invalid code verifier.');
}

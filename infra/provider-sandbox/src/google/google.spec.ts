import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type ErrorRequestHandler } from 'express';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { Passport } from 'passport';
import {
  type GoogleCallbackParameters,
  Strategy as GoogleStrategy,
  type Profile,
  type VerifyCallback,
} from 'passport-google-oauth20';
import { SandboxClient } from '../client/sandbox-client.js';
import { startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';

interface LoggedIn {
  profile: Profile;
  accessToken: string;
  idToken: string;
}

/** A tiny app that signs in with Google through passport-google-oauth20, pointed at the sandbox. */
async function startApp(): Promise<{ url: string; server: Server; configure(test: TestSandbox): void }> {
  const passport = new Passport();
  const app = express();
  app.get('/auth/google', (req, res, next) =>
    passport.authenticate('google', { scope: ['openid', 'profile', 'email'], session: false })(
      req,
      res,
      next,
    ),
  );
  app.get(
    '/auth/google/callback',
    (req, res, next) =>
      passport.authenticate('google', { session: false, failureRedirect: '/denied' })(req, res, next),
    (req, res) => {
      res.json(req.user);
    },
  );
  app.get('/denied', (_req, res) => {
    res.status(403).json({ denied: true });
  });
  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    res.status(502).json({ error: (error as Error).message });
  };
  app.use(errors);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    configure(test) {
      passport.use(
        new GoogleStrategy(
          {
            clientID: test.config.google.clientId,
            clientSecret: test.config.google.clientSecret,
            callbackURL: `${url}/auth/google/callback`,
            authorizationURL: `${test.url}/o/oauth2/v2/auth`,
            tokenURL: `${test.url}/token`,
            userProfileURL: `${test.url}/oauth2/v3/userinfo`,
          },
          (
            accessToken: string,
            _refreshToken: string,
            params: GoogleCallbackParameters,
            profile: Profile,
            done: VerifyCallback,
          ) => done(null, { profile, accessToken, idToken: params.id_token ?? '' } satisfies LoggedIn),
        ),
      );
    },
  };
}

/** Clicks through Google's sign-in like a person: app → account chooser → decision → app callback. */
async function signIn(appUrl: string, choose: Record<string, string>): Promise<Response> {
  const start = await fetch(`${appUrl}/auth/google`, { redirect: 'manual' });
  assert.equal(start.status, 302);
  const chooser = await fetch(start.headers.get('location') ?? '');
  assert.equal(chooser.status, 200);
  const html = await chooser.text();
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(request, 'the chooser carries the request id');
  const sandboxOrigin = new URL(start.headers.get('location') ?? '').origin;
  const decision = await fetch(`${sandboxOrigin}/o/oauth2/v2/auth/decision`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams({ request, ...choose }).toString(),
    redirect: 'manual',
  });
  assert.equal(decision.status, 302);
  return fetch(decision.headers.get('location') ?? '', { redirect: 'manual' });
}

describe('google sandbox: sign-in through passport-google-oauth20, ID tokens through jose', () => {
  let test: TestSandbox;
  let app: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    app = await startApp();
    test = await startTestSandbox({
      GOOGLE_REDIRECT_URIS: `${app.url}/auth/google/callback,http://127.0.0.1:9/cb`,
    });
    app.configure(test);
  });
  afterAll(async () => {
    await test.stop();
    await new Promise((resolve) => app.server.close(resolve));
  });

  it('completes the full passport login with a demo account', async () => {
    const callback = await signIn(app.url, { identity: '0' });
    assert.equal(callback.status, 200);
    const user = (await callback.json()) as LoggedIn;
    assert.equal(user.profile.provider, 'google');
    assert.match(user.profile.id, /^1\d{20}$/);
    assert.equal(user.profile.displayName, 'Ada Lovelace');
    expect(user.profile.name).toStrictEqual({ familyName: 'Lovelace', givenName: 'Ada' });
    expect(user.profile.emails).toStrictEqual([{ value: 'ada.lovelace@example.com', verified: true }]);
    assert.match(user.accessToken, /^ya29\./);

    const jwks = createRemoteJWKSet(new URL(`${test.url}/oauth2/v3/certs`));
    const { payload, protectedHeader } = await jwtVerify(user.idToken, jwks, {
      issuer: 'https://accounts.google.com',
      audience: test.config.google.clientId,
    });
    assert.equal(protectedHeader.alg, 'RS256');
    assert.equal(payload.sub, user.profile.id);
    assert.equal(payload.email, 'ada.lovelace@example.com');
    assert.equal(payload.email_verified, true);
    assert.equal(payload.azp, test.config.google.clientId);
    assert.equal(payload.name, 'Ada Lovelace');
    assert.ok((payload.exp ?? 0) - (payload.iat ?? 0) >= 3599);
    const digest = createHash('sha256').update(user.accessToken).digest();
    assert.equal(payload.at_hash, digest.subarray(0, 16).toString('base64url'));
  });

  it('signs in a typed-in account; the same e-mail keeps its sub; an unverified e-mail says so', async () => {
    const first = (await (
      await signIn(app.url, { email: 'new.person@example.com', name: 'New Person', custom: '1' })
    ).json()) as LoggedIn;
    expect(first.profile.emails).toStrictEqual([{ value: 'new.person@example.com', verified: false }]);
    const claims = (
      await jwtVerify(first.idToken, createRemoteJWKSet(new URL(`${test.url}/oauth2/v3/certs`)))
    ).payload;
    assert.equal(claims.email_verified, false);

    const again = (await (
      await signIn(app.url, {
        email: 'New.Person@example.com',
        name: 'New Person',
        email_verified: 'true',
        custom: '1',
      })
    ).json()) as LoggedIn;
    assert.equal(again.profile.id, first.profile.id);
    assert.equal(again.profile.emails?.[0]?.verified, true);
  });

  it('rejects an ID token signed by another key, and one for another audience', async () => {
    const user = (await (await signIn(app.url, { identity: '1' })).json()) as LoggedIn;
    const jwks = createRemoteJWKSet(new URL(`${test.url}/oauth2/v3/certs`));
    await assert.rejects(
      jwtVerify(user.idToken, jwks, { audience: 'someone-else.apps.googleusercontent.com' }),
    );
    const [header, payload] = user.idToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    await assert.rejects(jwtVerify(forged, jwks));
    const certs = (await (await fetch(`${test.url}/oauth2/v3/certs`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    assert.equal(decodeProtectedHeader(user.idToken).kid, certs.keys[0]?.kid);
  });

  it('sends the person back with access_denied on Cancel (passport fails the login)', async () => {
    const callback = await signIn(app.url, { cancel: '1' });
    assert.equal(callback.status, 302);
    assert.equal(new URL(callback.headers.get('location') ?? '', app.url).pathname, '/denied');
  });

  it('refuses unknown clients, unregistered redirect URIs and unsupported scopes on the authorization page', async () => {
    const auth = (params: Record<string, string>) =>
      fetch(
        `${test.url}/o/oauth2/v2/auth?${new URLSearchParams({ response_type: 'code', scope: 'openid email', ...params })}`,
        {
          redirect: 'manual',
        },
      );
    const unknownClient = await auth({ client_id: 'nope', redirect_uri: 'http://127.0.0.1:9/cb' });
    assert.equal(unknownClient.status, 401);
    assert.match(await unknownClient.text(), /invalid_client/);
    const mismatch = await auth({
      client_id: test.config.google.clientId,
      redirect_uri: 'http://evil.example/cb',
    });
    assert.equal(mismatch.status, 400);
    assert.match(await mismatch.text(), /redirect_uri_mismatch/);
    const scope = await auth({
      client_id: test.config.google.clientId,
      redirect_uri: 'http://127.0.0.1:9/cb',
      scope: 'https://mail.google.com/',
    });
    assert.match(await scope.text(), /invalid_scope/);
    const page = await auth({
      client_id: test.config.google.clientId,
      redirect_uri: 'http://127.0.0.1:9/cb',
    });
    assert.equal(page.status, 200);
    assert.match(
      page.headers.get('content-security-policy') ?? '',
      /form-action 'self' http:\/\/127\.0\.0\.1:9/,
    );
  });

  it('runs the token endpoint like Google: PKCE, single-use codes, redirect_uri and client checks', async () => {
    const verifier = 'a-long-random-code-verifier-for-the-pkce-test-0123456789';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = 'http://127.0.0.1:9/cb';
    const getCode = async () => {
      const page = await fetch(
        `${test.url}/o/oauth2/v2/auth?${new URLSearchParams({
          client_id: test.config.google.clientId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'openid email',
          code_challenge: challenge,
          code_challenge_method: 'S256',
          access_type: 'offline',
          state: 'st-1',
          nonce: 'n-1',
        })}`,
      );
      const request = /name="request" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      const decision = await fetch(`${test.url}/o/oauth2/v2/auth/decision`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request, identity: '2' }).toString(),
        redirect: 'manual',
      });
      const location = new URL(decision.headers.get('location') ?? '');
      assert.equal(location.searchParams.get('state'), 'st-1');
      return location.searchParams.get('code') ?? '';
    };
    const token = (form: Record<string, string>, auth?: string) =>
      fetch(`${test.url}/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(auth ? { Authorization: auth } : {}),
        },
        body: new URLSearchParams(form).toString(),
      });
    const client = { client_id: test.config.google.clientId, client_secret: test.config.google.clientSecret };

    const code = await getCode();
    const wrongVerifier = await token({
      ...client,
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: 'x',
    });
    assert.equal(wrongVerifier.status, 400);
    expect(await wrongVerifier.json()).toStrictEqual({
      error: 'invalid_grant',
      error_description: 'Invalid code verifier.',
    });

    const code2 = await getCode();
    const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
    const ok = await token(
      { grant_type: 'authorization_code', code: code2, redirect_uri: redirectUri, code_verifier: verifier },
      basic,
    );
    assert.equal(ok.status, 200);
    const tokens = (await ok.json()) as Record<string, string | number>;
    assert.equal(tokens.token_type, 'Bearer');
    assert.equal(tokens.expires_in, 3599);
    assert.match(String(tokens.refresh_token), /^1\/\/0/);
    const { payload } = await jwtVerify(
      String(tokens.id_token),
      createRemoteJWKSet(new URL(`${test.url}/oauth2/v3/certs`)),
    );
    assert.equal(payload.nonce, 'n-1');

    const reused = await token({
      ...client,
      grant_type: 'authorization_code',
      code: code2,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    assert.equal(((await reused.json()) as { error: string }).error, 'invalid_grant');

    const code3 = await getCode();
    const otherRedirect = await token({
      ...client,
      grant_type: 'authorization_code',
      code: code3,
      redirect_uri: 'http://127.0.0.1:9/other',
      code_verifier: verifier,
    });
    assert.equal(((await otherRedirect.json()) as { error: string }).error, 'redirect_uri_mismatch');

    const badSecret = await token({
      ...client,
      client_secret: 'wrong',
      grant_type: 'authorization_code',
      code: 'x',
      redirect_uri: redirectUri,
    });
    assert.equal(badSecret.status, 401);
    assert.equal(((await badSecret.json()) as { error: string }).error, 'invalid_client');

    const refreshed = await token({
      ...client,
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    assert.equal(refreshed.status, 200);

    const info = await fetch(`${test.url}/tokeninfo?id_token=${tokens.id_token}`);
    const claims = (await info.json()) as Record<string, string>;
    assert.equal(claims.email, 'alan.turing@example.net');
    assert.equal(claims.email_verified, 'true');
    assert.equal(claims.aud, test.config.google.clientId);
  });

  it('answers userinfo 401 for an unknown token, and publishes the discovery document', async () => {
    const userinfo = await fetch(`${test.url}/oauth2/v3/userinfo`, {
      headers: { Authorization: 'Bearer ya29.unknown' },
    });
    assert.equal(userinfo.status, 401);
    expect(await userinfo.json()).toStrictEqual({
      error: 'invalid_request',
      error_description: 'Invalid Credentials',
    });
    const discovery = (await (await fetch(`${test.url}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    assert.equal(discovery.issuer, 'https://accounts.google.com');
    assert.equal(discovery.jwks_uri, `${test.url}/oauth2/v3/certs`);
    assert.equal(discovery.authorization_endpoint, `${test.url}/o/oauth2/v2/auth`);
  });

  it('fails the token call on a fault: passport reports it as an error', async () => {
    await new SandboxClient(test.url).setFault({ provider: 'google', status: 503 });
    const callback = await signIn(app.url, { identity: '0' });
    assert.equal(callback.status, 502);
    assert.equal(((await callback.json()) as { error: string }).error, 'Service unavailable (sandbox fault)');
  });
});

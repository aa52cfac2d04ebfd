import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExecutionContext } from '@nestjs/common';
import { serialize } from 'cookie';
import signature from 'cookie-signature';
import type { Session, SessionData } from 'express-session';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How a cookie the gateway sets is scoped. */
export interface CookieSettings {
  /** Signed with SESSION_SECRET (read back with `signed`). */
  signed?: boolean;
  httpOnly: boolean;
  sameSite: 'lax' | 'strict';
  secure: boolean;
  maxAge?: number;
  path: '/';
}

/** Set on the request when it came with a session that had ended (the 401 then says so). */
export const SESSION_EXPIRED = Symbol('session expired');

/**
 * The request as the gateway's middleware leave it on the raw Node request (Fastify's `request.raw`):
 * middie copies Fastify's `ip` (behind TRUST_PROXY_HOPS proxies) and `originalUrl` there; cookie-parser
 * adds the cookies, express-session the session.
 */
export interface GatewayRequest extends IncomingMessage {
  ip?: string;
  protocol?: string;
  /** Whether the browser came over https, for express-session (session.middleware.ts). */
  secure?: boolean;
  originalUrl?: string;
  cookies?: Record<string, string>;
  /** Signed cookies, checked when read, and the secret that signs them (configure-http.setup.ts). */
  signedCookies?: Record<string, unknown>;
  secret?: string;
  session: Session & Partial<SessionData>;
  sessionID: string;
  [SESSION_EXPIRED]?: boolean;
}

/** The raw request of a route's call (the one middleware saw). */
export function requestOf(context: ExecutionContext): GatewayRequest {
  return context.switchToHttp().getRequest<FastifyRequest>().raw as GatewayRequest;
}

/** Fastify's reply of a route's call. */
export function replyOf(context: ExecutionContext): FastifyReply {
  return context.switchToHttp().getResponse<FastifyReply>();
}

/** Adds a Set-Cookie to the answer, beside those already set (express-session's, another of ours). */
function appendSetCookie(res: ServerResponse, value: string): void {
  const previous = res.getHeader('Set-Cookie');
  const all = previous === undefined ? [] : Array.isArray(previous) ? previous : [String(previous)];
  res.setHeader('Set-Cookie', [...all, value]);
}

/**
 * Sets a cookie as Express's `res.cookie` did: a signed value is `s:` and the value signed with
 * `secret` (what cookie-parser's check reads back), `maxAge` in milliseconds gives Max-Age and Expires.
 */
export function setCookie(
  res: ServerResponse,
  name: string,
  value: string,
  settings: CookieSettings,
  secret?: string,
): void {
  if (settings.signed && !secret) throw new Error(`cookie ${name} is signed but no secret was given`);
  const { signed, maxAge, ...attributes } = settings;
  const written = signed && secret ? `s:${signature.sign(value, secret)}` : value;
  appendSetCookie(
    res,
    serialize(name, written, {
      ...attributes,
      ...(maxAge === undefined
        ? {}
        : { maxAge: Math.floor(maxAge / 1000), expires: new Date(Date.now() + maxAge) }),
    }),
  );
}

/** Tells the browser to drop a cookie (the same scope it was set with), as `res.clearCookie` did. */
export function clearCookie(res: ServerResponse, name: string, settings: CookieSettings): void {
  const { signed: _signed, maxAge: _maxAge, ...attributes } = settings;
  appendSetCookie(res, serialize(name, '', { ...attributes, expires: new Date(1) }));
}

/** A request header's value (the first, when sent more than once). */
export function headerOf(req: { headers: IncomingMessage['headers'] }, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path, without its query. */
export function pathOf(req: { url?: string }): string {
  return (req.url ?? '').split('?')[0] ?? '';
}

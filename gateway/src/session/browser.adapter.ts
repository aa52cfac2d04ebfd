import type { ServerResponse } from 'node:http';
import { clearCookie, type GatewayRequest, setCookie } from '../exchange/raw-exchange.adapter.js';
import type { Browser, BrowserSession } from './browser.port.js';

const promised = (run: (done: (error?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => run((error) => (error ? reject(error) : resolve())));

/** express-session's session of the request, behind the port (read at each use: `regenerate` replaces it). */
export function sessionOf(req: GatewayRequest): BrowserSession {
  return {
    get id() {
      return req.sessionID;
    },
    get data() {
      return req.session;
    },
    regenerate: () => promised((done) => req.session.regenerate(done)),
    save: () => promised((done) => req.session.save(done)),
    // A session the store cannot delete is gone for this browser anyway: its cookie is cleared.
    destroy: () =>
      new Promise<void>((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve())),
  };
}

/** The calling browser as the raw request and answer carry it. */
export function browserOf(req: GatewayRequest, res: ServerResponse): Browser {
  return {
    ip: req.ip,
    session: sessionOf(req),
    cookies: {
      signed: (name) => req.signedCookies?.[name],
      set: (name, value, settings) => setCookie(res, name, value, settings, req.secret),
      clear: (name, settings) => clearCookie(res, name, settings),
    },
  };
}

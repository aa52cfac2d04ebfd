import type { Request, Response } from 'express';
import type { Browser, BrowserSession } from './browser.port.js';
import './session-state.types.js';

const promised = (run: (done: (error?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => run((error) => (error ? reject(error) : resolve())));

/** express-session's session of the request, behind the port (read at each use: `regenerate` replaces it). */
export function expressSession(req: Request): BrowserSession {
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

/** The calling browser as the request and the answer carry it. */
export function expressBrowser(req: Request, res: Response): Browser {
  return {
    ip: req.ip,
    session: expressSession(req),
    cookies: {
      signed: (name) => req.signedCookies?.[name],
      set: (name, value, settings) => res.cookie(name, value, settings),
      clear: (name, settings) => res.clearCookie(name, settings),
    },
  };
}

import type { CookieSettings } from '../exchange/raw-exchange.adapter.js';
import type { SessionState } from './session-state.types.js';

/**
 * The browser's server-side session, as the gateway's services use it: what it holds, a fresh start
 * under a new id, keeping it, ending it. Built from the request (browser.adapter.ts).
 */
export interface BrowserSession {
  /** The session's id; it changes with `regenerate`. */
  readonly id: string;
  /** What the session holds now (a new, empty object after `regenerate`); `save` keeps changes. */
  readonly data: SessionState;
  /** A new session id with nothing in it; the store forgets the previous one. */
  regenerate(): Promise<void>;
  save(): Promise<void>;
  /** The store forgets the session (its cookie is the caller's to clear). */
  destroy(): Promise<void>;
}

/** The calling browser's cookies that the gateway reads and sets itself. */
export interface BrowserCookies {
  /** A signed cookie's value: undefined when the browser sent none, false when its signature fails. */
  signed(name: string): unknown;
  set(name: string, value: string, settings: CookieSettings): void;
  clear(name: string, settings: CookieSettings): void;
}

/** The calling browser: its address (behind TRUST_PROXY_HOPS proxies), its session and its cookies. */
export interface Browser {
  readonly ip: string | undefined;
  readonly session: BrowserSession;
  readonly cookies: BrowserCookies;
}

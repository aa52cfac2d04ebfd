import { useSyncExternalStore } from 'react';
import type { Session } from './session.schema';
import { defaultSession } from './session-defaults';

/** The localStorage key of the documents. */
export const SESSION_STORAGE_KEY = 'state';

type Listener = () => void;

/** A session transition: the pure functions of `session.actions.ts`. */
export type SessionAction<Args extends unknown[]> = (session: Session, ...args: Args) => Session;

/** The stored value as JSON, or undefined when there is none or it is not JSON. */
function readStored(storage: Storage | undefined): unknown {
  const raw = storage?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The first, zod-free read of a stored session (every page's first load needs the session before any
 * route code, and zod is not on that path): each field the defaults have is either missing (the
 * default is taken) or of the default's JSON type. `checkStoredSession` then checks it with the schema.
 */
function roughSession(stored: unknown): Session | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const defaults = defaultSession();
  const value = stored as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults)) {
    const field = value[key];
    if (field === undefined) continue;
    const expected = fallback === null ? 'object' : Array.isArray(fallback) ? 'array' : typeof fallback;
    const actual = Array.isArray(field) ? 'array' : typeof field;
    if (actual !== expected) return undefined;
  }
  return { ...defaults, ...value } as Session;
}

/** Reads the stored session; anything missing, unreadable or of the wrong shape gives the defaults. */
export function loadSession(storage: Storage | undefined = safeLocalStorage()): Session {
  return roughSession(readStored(storage)) ?? defaultSession();
}

/**
 * The stored session checked against the schema (the documents' session, customer-area section 3):
 * the parsed value, or the defaults when it does not match.
 */
export async function checkStoredSession(
  storage: Storage | undefined = safeLocalStorage(),
): Promise<Session> {
  const stored = readStored(storage);
  if (stored === undefined) return defaultSession();
  const { sessionSchema } = await import('./session.schema');
  const parsed = sessionSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultSession();
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the app then keeps the session in memory only.
    return undefined;
  }
}

function persist(session: Session): void {
  try {
    safeLocalStorage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch (error) {
    console.warn('Unable to store the session', error);
  }
}

let current: Session = loadSession();
const listeners = new Set<Listener>();

function publish(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getSnapshot(): Session {
    return current;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** Applies a transition, stores the result under "state" and notifies subscribers. */
  apply<Args extends unknown[]>(action: SessionAction<Args>, ...args: Args): Session {
    const next = action(current, ...args);
    if (next !== current) {
      persist(next);
      publish(next);
    }
    return next;
  },

  /**
   * What any 401 does: local storage is cleared (not only "state") and the in-memory session
   * returns to the defaults.
   */
  expire(): void {
    try {
      safeLocalStorage()?.clear();
    } catch (error) {
      console.warn('Unable to clear local storage', error);
    }
    publish(defaultSession());
  },
};

// The schema's check of what was read at start: a stored value it refuses (an older or tampered
// shape) signs the browser out, as a wrong shape always did; one it accepts is taken as parsed.
void checkStoredSession().then((checked) => {
  if (JSON.stringify(checked) !== JSON.stringify(current)) publish(checked);
});

// Another tab signing in or out changes "state"; follow it so tabs agree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    publish(loadSession());
    void checkStoredSession().then((checked) => {
      if (JSON.stringify(checked) !== JSON.stringify(current)) publish(checked);
    });
  });
}

/** The current session; re-renders on every change. */
export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}

import { useSyncExternalStore } from 'react';
import { defaultSession, type Session, sessionSchema } from './session.schema';

/** The localStorage key of the documents. */
export const SESSION_STORAGE_KEY = 'state';

type Listener = () => void;

/** A session transition: the pure functions of `session.actions.ts`. */
export type SessionAction<Args extends unknown[]> = (session: Session, ...args: Args) => Session;

/** Reads the stored session; anything missing, unreadable or of the wrong shape gives the defaults. */
export function loadSession(storage: Storage | undefined = safeLocalStorage()): Session {
  const raw = storage?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return defaultSession();
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : defaultSession();
  } catch {
    return defaultSession();
  }
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

// Another tab signing in or out changes "state"; follow it so tabs agree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) publish(loadSession());
  });
}

/** The current session; re-renders on every change. */
export function useSession(): Session {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}

import { randomBase62 } from '../shared/ids.js';
import { type PersistentStore, refill } from '../state/state-file.js';
import type { EmailEntry, InboxEntry, InboxFilter, NewInboxEntry, SmsEntry } from './inbox.types.js';

/** `revision` increases with every change (added or updated), so a reconnecting page can catch up. */
export type InboxListener = (entry: InboxEntry, change: 'added' | 'updated', revision: number) => void;

const MAX_ENTRIES = 5000;
const ID_PREFIX: Record<InboxEntry['channel'], string> = {
  email: 'em',
  sms: 'sms',
  slack: 'slk',
  webhook: 'whk',
};

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const normalizePhone = (phone: string) => phone.replace(/[\s().-]/g, '');

function addressedTo(entry: InboxEntry, to: string): boolean {
  if (entry.channel === 'sms') return normalizePhone(entry.to) === normalizePhone(to);
  if (entry.channel === 'slack' || entry.channel === 'webhook') return entry.to === to;
  const wanted = normalizeEmail(to);
  return [...entry.to, ...entry.cc, ...entry.bcc].some((address) => normalizeEmail(address.email) === wanted);
}

export function matches(entry: InboxEntry, filter: InboxFilter): boolean {
  if (filter.channel && entry.channel !== filter.channel) return false;
  if (filter.direction && entry.direction !== filter.direction) return false;
  if (filter.after !== undefined && entry.seq <= filter.after) return false;
  if (filter.to !== undefined && !addressedTo(entry, filter.to)) return false;
  return true;
}

/** The inbox as the state file keeps it: a restarted sandbox lists what it showed, cursors stay valid. */
export interface InboxSnapshot {
  seq: number;
  revision: number;
  entries: InboxEntry[];
  revisions: Array<[string, number]>;
}

/** Every e-mail and text the sandbox carried, oldest first in memory, listed newest first. */
export class InboxStore implements PersistentStore<InboxSnapshot> {
  /** In `seq` order. */
  private entries: InboxEntry[] = [];
  /** The same entries by id: a provider's status callbacks update them many times a second. */
  private readonly byId = new Map<string, InboxEntry>();
  private seq = 0;
  private revision = 0;
  private readonly revisions = new Map<string, number>();
  private readonly listeners = new Set<InboxListener>();

  add<E extends NewInboxEntry>(draft: E): E & { seq: number; id: string; createdAt: string } {
    this.seq += 1;
    const entry = {
      ...draft,
      seq: this.seq,
      id: `${ID_PREFIX[draft.channel]}_${randomBase62(16)}`,
      createdAt: new Date().toISOString(),
    };
    this.entries.push(entry as InboxEntry);
    this.byId.set(entry.id, entry as InboxEntry);
    if (this.entries.length > MAX_ENTRIES) {
      for (const dropped of this.entries.splice(0, this.entries.length - MAX_ENTRIES)) {
        this.revisions.delete(dropped.id);
        this.byId.delete(dropped.id);
      }
    }
    this.emit(entry as InboxEntry, 'added');
    return entry;
  }

  updateEmail(id: string, patch: Partial<Pick<EmailEntry, 'status' | 'reason'>>): void {
    this.update(id, 'email', patch);
  }

  updateSms(id: string, patch: Partial<Pick<SmsEntry, 'status' | 'errorCode' | 'webhook'>>): void {
    this.update(id, 'sms', patch);
  }

  private update(id: string, channel: InboxEntry['channel'], patch: object): void {
    const entry = this.byId.get(id);
    if (entry?.channel !== channel) return;
    Object.assign(entry, patch);
    this.emit(entry, 'updated');
  }

  get(id: string): InboxEntry | undefined {
    return this.byId.get(id);
  }

  /** Newest first. */
  list(filter: InboxFilter = {}, limit = 100): InboxEntry[] {
    const out: InboxEntry[] = [];
    for (let i = this.entries.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const entry = this.entries[i];
      // Older entries all have a smaller `seq`: none of them is after the cursor either.
      if (entry && filter.after !== undefined && entry.seq <= filter.after) break;
      if (entry && matches(entry, filter)) out.push(entry);
    }
    return out;
  }

  /** The oldest entry after `filter.after` that matches, if any. */
  next(filter: InboxFilter): InboxEntry | undefined {
    return this.entries.find((entry) => matches(entry, filter));
  }

  /** The latest `seq` handed out: entries added later have a greater one. */
  get cursor(): number {
    return this.seq;
  }

  subscribe(listener: InboxListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the first matching entry, resolving `undefined` after `timeoutMs` or when `signal` aborts. */
  waitFor(filter: InboxFilter, timeoutMs: number, signal?: AbortSignal): Promise<InboxEntry | undefined> {
    const existing = this.next(filter);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve) => {
      const finish = (entry: InboxEntry | undefined) => {
        clearTimeout(timer);
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
        resolve(entry);
      };
      const onAbort = () => finish(undefined);
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const unsubscribe = this.subscribe((entry, change) => {
        if (change === 'added' && matches(entry, filter)) finish(entry);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Entries added or changed after `revision`, in the order of their last change. */
  changedSince(revision: number): Array<{ entry: InboxEntry; revision: number }> {
    return this.entries
      .map((entry) => ({ entry, revision: this.revisions.get(entry.id) ?? 0 }))
      .filter((item) => item.revision > revision)
      .sort((a, b) => a.revision - b.revision);
  }

  clear(): void {
    this.entries = [];
    this.byId.clear();
    this.revisions.clear();
  }

  snapshot(): InboxSnapshot {
    return { seq: this.seq, revision: this.revision, entries: this.entries, revisions: [...this.revisions] };
  }

  restore(snapshot: InboxSnapshot): void {
    if (!Number.isInteger(snapshot.seq) || !Number.isInteger(snapshot.revision)) {
      throw new Error('seq and revision must be integers');
    }
    this.entries = [...snapshot.entries];
    refill(
      this.byId,
      this.entries.map((entry) => [entry.id, entry]),
    );
    refill(this.revisions, snapshot.revisions);
    this.seq = snapshot.seq;
    this.revision = snapshot.revision;
  }

  private emit(entry: InboxEntry, change: 'added' | 'updated'): void {
    this.revision += 1;
    this.revisions.set(entry.id, this.revision);
    for (const listener of this.listeners) listener(entry, change, this.revision);
  }
}

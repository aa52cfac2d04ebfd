import { readFileSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../shared/logger.js';

/**
 * The provider accounts kept across restarts (SANDBOX_STATE_FILE): one JSON file holding each store's
 * snapshot, read once at start, written again at most every `intervalMs` while things change and once
 * more when the sandbox closes. Every write goes to a temporary file renamed over the old one, so the
 * file is always a whole snapshot.
 */

/** A store kept in the state file: what it holds as plain JSON, and back. */
export interface PersistentStore<S = unknown> {
  snapshot(): S;
  /** Replaces what the store holds; throws when `snapshot` is not one this store wrote. */
  restore(snapshot: S): void;
}

/** The state file cannot be used: the message is one line naming the file and what to do. */
export class SandboxStateError extends Error {
  override readonly name = 'SandboxStateError';
}

const FORMAT_VERSION = 1;
export const SAVE_INTERVAL_MS = 250;

const fileSchema = z.object({
  version: z.literal(FORMAT_VERSION, { error: `version must be ${FORMAT_VERSION}` }),
  savedAt: z.string(),
  stores: z.record(z.string(), z.unknown()),
});

/** The maps of a store as `[key, value]` pairs, and back: a snapshot keeps the maps' order. */
export function refill<K, V>(map: Map<K, V>, entries: Iterable<readonly [K, V]>): void {
  map.clear();
  for (const [key, value] of entries) map.set(key, value);
}

/** An error's message on one line (also for errors of another realm, which are no `instanceof Error`). */
function oneLine(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return (typeof message === 'string' ? message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 200);
}

export class StateFile {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private closed = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly stores: Record<string, PersistentStore>,
    private readonly logger: Logger,
    private readonly intervalMs = SAVE_INTERVAL_MS,
  ) {}

  /**
   * Restores every store from the file; answers when it was saved, or undefined when there is no file
   * yet (a fresh account). A file that cannot be read or is not a state file throws SandboxStateError:
   * the sandbox never starts silently empty in place of the accounts it had.
   */
  load(): string | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw this.unusable(`cannot be read (${oneLine(error)})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw this.unusable(`is not valid JSON (${oneLine(error)})`);
    }
    const file = fileSchema.safeParse(json);
    if (!file.success) {
      const issues = file.error.issues.map(
        (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
      );
      throw this.unusable(`is not a provider-sandbox state file (${oneLine(issues.join('; '))})`);
    }
    for (const [name, store] of Object.entries(this.stores)) {
      const snapshot = file.data.stores[name];
      if (snapshot === undefined) continue;
      try {
        store.restore(snapshot);
      } catch (error) {
        throw this.unusable(`has a malformed "${name}" part (${oneLine(error)})`);
      }
    }
    return file.data.savedAt;
  }

  /** Something changed: it is written within `intervalMs` (changes in between share that write). */
  changed(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Writes what changed since the last write, after any write under way (writes never overlap). */
  save(): Promise<void> {
    this.writing = this.writing
      .then(() => this.write())
      .catch((error: unknown) => {
        this.logger.error({ err: error, stateFile: this.path }, 'provider sandbox state could not be saved');
      });
    return this.writing;
  }

  /** The last write; nothing is scheduled afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.save();
  }

  private async write(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const stores = Object.fromEntries(
      Object.entries(this.stores).map(([name, store]) => [name, store.snapshot()]),
    );
    // Serialised at once, before any await: the snapshot is of one moment.
    const text = JSON.stringify({ version: FORMAT_VERSION, savedAt: new Date().toISOString(), stores });
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      await mkdir(dirname(this.path), { recursive: true });
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(text);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.path);
    } catch (error) {
      // Tried again with the next change, or at close.
      this.dirty = true;
      // The failed write's own error is the one to report; a leftover temporary file is overwritten
      // by the next write, so failing to remove it is only logged.
      await rm(temporary, { force: true }).catch((removal: unknown) =>
        this.logger.warn({ err: removal, file: temporary }, 'could not remove a temporary state file'),
      );
      throw error;
    }
  }

  private unusable(problem: string): SandboxStateError {
    return new SandboxStateError(
      `Provider sandbox state file ${this.path} ${problem}: fix it, or delete it to start with empty provider accounts`,
    );
  }
}

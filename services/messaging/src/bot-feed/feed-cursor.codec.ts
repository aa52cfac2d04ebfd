import { DomainError } from '@multimfa/service-runtime';

/**
 * A place in an MFA's feed: the inserting transaction's id and the row's `feed_position`. Messages are
 * served in that order and only once their transaction is older than every transaction still in
 * flight (the snapshot's xmin, "the horizon"), so nothing can later commit before a served cursor:
 * a text whose insert commits after a later one's is held back until it is visible, never skipped.
 */
export interface FeedCursor {
  /** xid8, as decimal digits. */
  xact: string;
  /** `feed_position`, as decimal digits. */
  position: string;
}

const FORMAT = /^1\.(\d{1,20})\.(\d{1,20})$/;

/** The beginning of every feed. */
export const FEED_START: FeedCursor = { xact: '0', position: '0' };

/** Opaque to clients: base64url of a versioned text. */
export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(`1.${cursor.xact}.${cursor.position}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): FeedCursor {
  const match = FORMAT.exec(Buffer.from(text, 'base64url').toString('utf8'));
  const cursor =
    match?.[1] && match[2]
      ? { xact: BigInt(match[1]).toString(), position: BigInt(match[2]).toString() }
      : undefined;
  // Only the one text encodeCursor writes for a place (no leading zeros, no padding variants).
  if (!cursor || encodeCursor(cursor) !== text)
    throw new DomainError('INVALID_CURSOR', 'Invalid cursor', 400);
  return cursor;
}

/** Everything at or after the horizon is still to come: (horizon, 0) sits just before all of it. */
export const cursorAtHorizon = (horizon: string): FeedCursor => ({ xact: horizon, position: '0' });

export function compareCursors(a: FeedCursor, b: FeedCursor): number {
  const byXact = BigInt(a.xact) - BigInt(b.xact);
  if (byXact !== 0n) return byXact < 0n ? -1 : 1;
  const byPosition = BigInt(a.position) - BigInt(b.position);
  return byPosition === 0n ? 0 : byPosition < 0n ? -1 : 1;
}

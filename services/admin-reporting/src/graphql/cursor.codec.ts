import { z } from 'zod';
import type { KeysetPosition, OwnerPosition } from '../reports/reports.repository.js';

/** Turns a row's position in one list into an opaque cursor and back. */
export interface CursorCodec<P> {
  encode(position: P): string;
  /** The position a cursor stands for, or null when it is not one this list handed out. */
  decode(cursor: string): P | null;
}

/**
 * A codec whose cursors are base64url JSON of the list's name and the position's values: a cursor
 * of one list (or a made-up one) decodes to null in another.
 */
function cursorCodec<P, T extends z.ZodTuple>(
  list: string,
  values: T,
  toValues: (position: P) => z.input<T>,
  fromValues: (values: z.output<T>) => P,
): CursorCodec<P> {
  const shape = z.tuple([z.literal(list)]).rest(z.unknown());
  return {
    encode: (position) => Buffer.from(JSON.stringify([list, ...toValues(position)])).toString('base64url'),
    decode(cursor) {
      try {
        const tagged = shape.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
        if (!tagged.success) return null;
        const parsed = values.safeParse(tagged.data.slice(1));
        return parsed.success ? fromValues(parsed.data) : null;
      } catch {
        return null;
      }
    },
  };
}

/** Cursors of a newest-first list: the row's creation time and id. */
export function createdAtCursor(list: string): CursorCodec<KeysetPosition> {
  return cursorCodec(
    list,
    z.tuple([z.iso.datetime(), z.uuid()]),
    ({ createdAt, id }) => [createdAt.toISOString(), id],
    ([createdAt, id]) => ({ createdAt: new Date(createdAt), id }),
  );
}

export const logCursor = createdAtCursor('log');
export const multiMfaCursor = createdAtCursor('multiMfa');
export const roboMfaCursor = createdAtCursor('roboMfa');
export const memberCursor = createdAtCursor('member');

/** Cursors of Advanced logs: the customer's e-mail (null when unknown) and user id. */
export const advancedLogCursor: CursorCodec<OwnerPosition> = cursorCodec(
  'advancedLog',
  z.tuple([z.string().nullable(), z.uuid()]),
  ({ email, userId }) => [email, userId],
  ([email, userId]) => ({ email, userId }),
);

import { z } from 'zod';
import type { LogPosition } from '../reports/reports.repository.js';

const position = z.tuple([z.iso.datetime(), z.uuid()]);

/** An opaque cursor for a log entry's place in the newest-first order. */
export function encodeLogCursor({ createdAt, logId }: LogPosition): string {
  return Buffer.from(JSON.stringify([createdAt.toISOString(), logId])).toString('base64url');
}

/** The position a cursor stands for, or null when it is not one this service handed out. */
export function decodeLogCursor(cursor: string): LogPosition | null {
  try {
    const parsed = position.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? { createdAt: new Date(parsed.data[0]), logId: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

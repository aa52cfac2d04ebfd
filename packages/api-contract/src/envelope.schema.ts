import { z } from 'zod';

/** Every /api answer: `{ isError, message, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ isError: z.boolean(), message: z.string(), data });
}

export const errorEnvelope = envelope(z.record(z.string(), z.unknown()).nullable()).meta({
  id: 'ErrorResponse',
  description: 'A failed call: `isError` is true and `message` says what went wrong.',
});

export type Envelope<T> = { isError: boolean; message: string; data: T };

import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets in constant time, whatever their lengths: both sides are hashed to 32 bytes
 * first, so neither the content nor the length of the expected value leaks through timing.
 */
export function secureEqual(actual: string, expected: string): boolean {
  const a = createHash('sha256').update(actual, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

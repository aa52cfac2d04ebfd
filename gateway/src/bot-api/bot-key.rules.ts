import { createHash } from 'node:crypto';
import { DomainError } from '@multimfa/service-runtime';

/** `mmfa_bot_` and 43 base64url characters, as numbers issues them. */
const KEY_FORMAT = /^mmfa_bot_[A-Za-z0-9_-]{43}$/;

export const invalidApiKey = () =>
  new DomainError('INVALID_API_KEY', 'Missing or invalid API key: send Authorization: Bearer <API key>', 401);

/** SHA-256 of an API key, hex: how numbers stores it and how messaging knows the bot. */
export const botKeyHash = (apiKey: string) => createHash('sha256').update(apiKey, 'utf8').digest('hex');

/**
 * The hash of the API key in an `Authorization: Bearer <key>` header; 401 when the header is missing
 * or holds no key of our format (such a key cannot be any bot's, so nothing is asked of messaging).
 */
export function bearerKeyHash(authorization: string | undefined): string {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  const key = match?.[1];
  if (!key || !KEY_FORMAT.test(key)) throw invalidApiKey();
  return botKeyHash(key);
}

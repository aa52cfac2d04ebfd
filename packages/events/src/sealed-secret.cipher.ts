import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Secrets inside events (one-time codes) travel sealed with AES-256-GCM under a key that only the
 * publisher and the one consumer meant to read them hold (`EVENT_SEALING_KEY`). The seal is bound
 * to a context (the notification's id), so a sealed value cannot be moved to another event.
 * Format: `v1.<iv>.<ciphertext>.<tag>`, each base64url.
 */
export const sealedSecretSchema = z
  .string()
  .regex(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/, 'not a sealed secret');

/** The setting holding the key: at least 32 random characters (`openssl rand -base64 32`). */
export const sealingKeySetting = z.string().min(32, 'must be at least 32 random characters');

/** The AES-256 key: the SHA-256 of the setting (a random setting of 32+ characters keeps its entropy). */
const keyOf = (key: string) => createHash('sha256').update(key, 'utf8').digest();

export function sealSecret(key: string, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the value was not sealed under this key and context (or was altered). */
export function openSecret(key: string, sealed: string, context: string): string {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !ciphertext || !tag) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(key), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const BOT_KEY_PREFIX = 'mmfa_bot_';
/** 256 bits of randomness in every key. */
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

/** A new API key: the recognisable prefix and 32 random bytes in base64url (43 characters). */
export function generateBotKey(): string {
  return `${BOT_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
}

/** What a key is looked up by (and what events name it by): SHA-256, hex. */
export function hashBotKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * Bots' API keys at rest: AES-256-GCM under the service's key, a random IV per key, the bot's id as
 * associated data (a ciphertext copied onto another bot does not decrypt). Stored as
 * `v1.<iv>.<ciphertext>.<tag>`, each part base64url.
 */
export class BotKeyCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The bot key encryption key must be 32 bytes');
  }

  encrypt(apiKey: string, botId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(botId, 'utf8'));
    const sealed = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
    return [FORMAT, iv, sealed, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string, botId: string): string {
    const [format, iv, sealed, tag] = stored.split('.');
    if (format !== FORMAT || !iv || sealed === undefined || !tag) {
      throw new Error('Unreadable bot key ciphertext');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(botId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

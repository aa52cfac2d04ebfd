import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key behind one-time codes (CODE_HMAC_KEY). A code is derived from its random id with the key,
 * so a live code can be e-mailed again without being stored; the database keeps only a keyed HMAC,
 * which is worthless without the key even though 6 digits are quick to enumerate.
 */
export class CodeSecret {
  constructor(private readonly key: string) {}

  codeFor(codeId: string, digits: number): string {
    const mac = createHmac('sha256', this.key).update(`code:${codeId}`).digest();
    return String(mac.readUIntBE(0, 6) % 10 ** digits).padStart(digits, '0');
  }

  hash(codeId: string, code: string): string {
    return createHmac('sha256', this.key).update(`hash:${codeId}:${code}`).digest('hex');
  }

  matches(codeId: string, code: string, storedHash: string): boolean {
    return timingSafeEqual(Buffer.from(storedHash, 'hex'), Buffer.from(this.hash(codeId, code), 'hex'));
  }
}

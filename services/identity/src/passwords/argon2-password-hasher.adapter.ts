import argon2 from 'argon2';
import { PasswordHasher } from './password-hasher.port.js';

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations, 1 degree of parallelism. */
export const ARGON2ID_OWASP = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Passwords hashed with argon2id at `ARGON2ID_OWASP`. */
export class Argon2PasswordHasher extends PasswordHasher {
  private readonly decoy = argon2.hash('decoy password for unknown accounts', ARGON2ID_OWASP);

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2ID_OWASP);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  async verifyNothing(password: string): Promise<void> {
    await this.verify(await this.decoy, password);
  }
}

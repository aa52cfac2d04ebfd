/** Hashes and checks passwords (argon2id: `Argon2PasswordHasher`, the only place that knows the algorithm). */
export abstract class PasswordHasher {
  abstract hash(password: string): Promise<string>;
  abstract verify(hash: string, password: string): Promise<boolean>;
  /** Costs as much as a real check, for unknown accounts, so timing tells nothing. */
  abstract verifyNothing(password: string): Promise<void>;
}

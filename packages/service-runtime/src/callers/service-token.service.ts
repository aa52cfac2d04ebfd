import type { KeyObject } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { TrustedCallers } from './service-keys.config.js';

export const SERVICE_TOKEN_LIFETIME_SECONDS = 60;
/** A token is replaced this long before it expires, so one in flight never arrives expired. */
const REFRESH_MARGIN_SECONDS = 20;

/**
 * Signs the calling service's short-lived tokens, one per callee (the audience), each reused until
 * shortly before it expires.
 */
export class ServiceTokenSigner {
  private readonly cache = new Map<string, { token: Promise<string>; refreshAt: number }>();

  constructor(
    readonly caller: string,
    private readonly key: KeyObject,
    private readonly now: () => number = Date.now,
  ) {}

  token(audience: string): Promise<string> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = this.cache.get(audience);
    if (cached && cached.refreshAt > nowSeconds) return cached.token;
    const token = new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', kid: this.caller, typ: 'JWT' })
      .setIssuer(this.caller)
      .setAudience(audience)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + SERVICE_TOKEN_LIFETIME_SECONDS)
      .sign(this.key);
    this.cache.set(audience, {
      token,
      refreshAt: nowSeconds + SERVICE_TOKEN_LIFETIME_SECONDS - REFRESH_MARGIN_SECONDS,
    });
    token.catch(() => this.cache.delete(audience));
    return token;
  }
}

/**
 * Checks a caller's token: signed (EdDSA only) by the key of the caller it names, for this service,
 * not expired. Answers the caller's name, or throws.
 */
export class ServiceTokenVerifier {
  /** Tokens already verified, until they expire: the same bytes verify the same way. */
  private readonly verified = new Map<string, { caller: string; expiresAt: number }>();

  constructor(
    private readonly audience: string,
    private readonly callers: TrustedCallers,
    private readonly now: () => number = Date.now,
  ) {}

  async verify(token: string): Promise<string> {
    const nowSeconds = this.now() / 1000;
    const known = this.verified.get(token);
    if (known && known.expiresAt > nowSeconds) return known.caller;
    const { kid } = decodeProtectedHeader(token);
    const key = kid === undefined ? undefined : this.callers.get(kid);
    if (!kid || !key) throw new Error('unknown caller');
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['EdDSA'],
      audience: this.audience,
      issuer: kid,
      requiredClaims: ['exp', 'iat'],
      maxTokenAge: SERVICE_TOKEN_LIFETIME_SECONDS + 5,
      currentDate: new Date(this.now()),
    });
    if (this.verified.size >= 1000) this.verified.clear();
    this.verified.set(token, { caller: kid, expiresAt: Number(payload.exp) });
    return kid;
  }
}

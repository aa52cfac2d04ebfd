import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { exportJWK, type JWK, SignJWT } from 'jose';

/** The RS256 key that signs ID tokens, published as a JWKS at /oauth2/v3/certs. */
export class GoogleSigningKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly kid: string;

  constructor(privateKeyPem?: string) {
    this.privateKey = privateKeyPem
      ? createPrivateKey(privateKeyPem)
      : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    if (this.privateKey.asymmetricKeyType !== 'rsa') throw new Error('GOOGLE_SIGNING_KEY must be an RSA key');
    this.publicKey = createPublicKey(this.privateKey);
    const der = this.publicKey.export({ type: 'spki', format: 'der' });
    this.kid = createHash('sha256').update(der).digest('hex').slice(0, 40);
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    const jwk = await exportJWK(this.publicKey);
    return { keys: [{ ...jwk, kid: this.kid, alg: 'RS256', use: 'sig' }] };
  }

  sign(claims: Record<string, unknown>): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: this.kid, typ: 'JWT' })
      .sign(this.privateKey);
  }
}

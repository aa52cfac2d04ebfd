import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** A service name as it appears in tokens and settings. */
const serviceName = z.string().regex(/^[a-z][a-z0-9-]{1,62}$/, 'must be a lower-case service name');

function privateKey(value: string): KeyObject {
  const key = createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}

function publicKey(x: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

/** The caller's own Ed25519 private key: PKCS#8 DER in base64 (`generateServiceKeyPair().privateKey`). */
export const signingKeySchema = z.string().transform((value, context) => {
  try {
    return privateKey(value.trim());
  } catch {
    context.addIssue({ code: 'custom', message: 'must be an Ed25519 private key, PKCS#8 DER in base64' });
    return z.NEVER;
  }
});

/**
 * The callers a service accepts: `gateway=<public key>,billing=<public key>`, each key the 32-byte
 * Ed25519 public key in base64url. Empty: nobody (every call but the health probes gets 401).
 */
export const trustedCallersSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const callers = new Map<string, KeyObject>();
    for (const entry of value.split(',').map((part) => part.trim())) {
      if (!entry) continue;
      const [name = '', key = ''] = entry.split('=', 2);
      try {
        if (!serviceName.safeParse(name).success || !/^[A-Za-z0-9_-]{43}$/.test(key)) throw new Error();
        callers.set(name, publicKey(key));
      } catch {
        context.addIssue({
          code: 'custom',
          message: `"${name}": each entry must be <service>=<Ed25519 public key in base64url>`,
        });
        return z.NEVER;
      }
    }
    return callers;
  });

export type TrustedCallers = z.output<typeof trustedCallersSchema>;

/** A fresh key pair in the settings' formats: the caller keeps `privateKey`, callees list `publicKey`. */
export function generateServiceKeyPair(): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('ed25519');
  return {
    privateKey: pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: String(pair.publicKey.export({ format: 'jwk' }).x),
  };
}

import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

/**
 * SendGrid's signed event webhook: an ECDSA P-256 / SHA-256 signature over `timestamp + payload`, sent
 * base64 (DER) in `X-Twilio-Email-Event-Webhook-Signature` with the timestamp in
 * `X-Twilio-Email-Event-Webhook-Timestamp`. The public key (base64 DER SubjectPublicKeyInfo, as the
 * SendGrid console shows it) is what @sendgrid/eventwebhook's `convertPublicKeyToECDSA` takes.
 */
export class EventWebhookSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: string;

  constructor(privateKeyPem?: string) {
    this.privateKey = privateKeyPem
      ? createPrivateKey(privateKeyPem)
      : generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const details = this.privateKey.asymmetricKeyDetails;
    if (this.privateKey.asymmetricKeyType !== 'ec' || details?.namedCurve !== 'prime256v1') {
      throw new Error('SENDGRID_EVENT_WEBHOOK_PRIVATE_KEY must be an EC P-256 (prime256v1) key');
    }
    this.publicKey = createPublicKey(this.privateKey)
      .export({ type: 'spki', format: 'der' })
      .toString('base64');
  }

  sign(timestamp: string, payload: string): string {
    return sign('sha256', Buffer.from(timestamp + payload, 'utf8'), this.privateKey).toString('base64');
  }
}

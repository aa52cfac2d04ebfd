import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link of promotional e-mails: the address and a keyed HMAC of it, so only the owner
 * of the e-mail (who has the link) can unsubscribe the address. The key is messaging's own.
 */
export class UnsubscribeLink {
  constructor(private readonly key: string) {}

  token(emailAddress: string): string {
    return createHmac('sha256', this.key).update(`unsubscribe:${emailAddress}`).digest('base64url');
  }

  matches(emailAddress: string, token: string): boolean {
    const expected = Buffer.from(this.token(emailAddress));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The waitlist page, which asks the gateway to unsubscribe the address. */
  url(webUrl: string, emailAddress: string): string {
    const query = new URLSearchParams({ unsubscribe: this.token(emailAddress), email: emailAddress });
    return `${webUrl.replace(/\/$/, '')}/promotion?${query}`;
  }
}

import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';

const TWILIO_HOST = /^([a-z0-9-]+\.)*twilio\.com$/i;

/**
 * Points the official twilio SDK at the provider sandbox without changing how it is called:
 *
 *   const client = twilio(accountSid, authToken, { httpClient: new SandboxTwilioHttpClient(sandboxUrl) });
 *
 * Every request the SDK makes to `https://api.twilio.com/...` (or a regional `api.<edge>.<region>`
 * host) goes to `<sandboxUrl>/...` instead; authentication, bodies and response handling stay the
 * SDK's own. Other Twilio products (messaging.twilio.com, verify…) are not in the sandbox: calling them
 * fails loudly rather than reaching the real Twilio.
 */
export class SandboxTwilioHttpClient extends twilio.RequestClient {
  private readonly base: URL;

  constructor(sandboxUrl: string, options?: RequestClient.RequestClientOptions) {
    super(options);
    this.base = new URL(sandboxUrl.endsWith('/') ? sandboxUrl : `${sandboxUrl}/`);
  }

  /** The sandbox URL for a Twilio API URL. */
  rewrite(uri: string): string {
    const target = new URL(uri);
    if (!TWILIO_HOST.test(target.hostname)) return uri;
    if (!/^api(\.|$)/.test(target.hostname)) {
      throw new Error(`The provider sandbox serves only api.twilio.com, not ${target.hostname}`);
    }
    return new URL(`${target.pathname.replace(/^\//, '')}${target.search}`, this.base).toString();
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: this.rewrite(opts.uri) });
  }
}

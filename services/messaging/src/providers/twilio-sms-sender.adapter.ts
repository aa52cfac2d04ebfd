import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { ProviderError, rateLimitResetOf } from './provider.errors.js';
import { type OutgoingSms, SmsSender } from './sms-sender.port.js';

const TWILIO_API = 'https://api.twilio.com';
/** How far Twilio's clock and ours may differ when matching a message's creation time. */
const CLOCK_SKEW_MS = 5_000;

/**
 * The SDK's HTTP client, sending api.twilio.com calls to another base URL (the provider sandbox
 * locally) and turning a refusal into a `ProviderError` that keeps the rate-limit reset headers the
 * SDK's own error drops.
 */
class ProviderRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super();
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri =
      this.baseUrl !== TWILIO_API && opts.uri.startsWith(TWILIO_API)
        ? `${this.baseUrl}${opts.uri.slice(TWILIO_API.length)}`
        : opts.uri;
    const response = await super.request<TData>({ ...opts, uri });
    if (response.statusCode === 429 || response.statusCode >= 500) {
      const headers = (response.headers ?? {}) as Record<string, string | string[] | undefined>;
      throw new ProviderError(
        'twilio',
        response.statusCode,
        `Twilio answered ${response.statusCode}`,
        rateLimitResetOf(headers, new Date()),
      );
    }
    return response;
  }
}

/** `SmsSender` through Twilio's SDK at the configured API URL; the only place that knows Twilio. */
export class TwilioSmsSender extends SmsSender {
  private readonly client: twilio.Twilio;

  constructor(options: { accountSid: string; authToken: string; apiUrl: string }) {
    super();
    this.client = twilio(options.accountSid, options.authToken, {
      httpClient: new ProviderRequestClient(options.apiUrl.replace(/\/+$/, '')),
    });
  }

  async send(sms: OutgoingSms): Promise<{ providerMessageId: string }> {
    try {
      const message = await this.client.messages.create({
        from: sms.from,
        to: sms.to,
        body: sms.body,
        ...(sms.statusCallback ? { statusCallback: sms.statusCallback } : {}),
      });
      return { providerMessageId: message.sid };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number')
        throw new ProviderError('twilio', status, (error as Error).message, undefined);
      throw error;
    }
  }

  /** Twilio's Messages list of this From and To, newest first; a clock apart by a few seconds allowed. */
  async findSent(sms: Omit<OutgoingSms, 'statusCallback'>, since: Date): Promise<string | null> {
    const after = since.getTime() - CLOCK_SKEW_MS;
    const listed = await this.client.messages.list({ from: sms.from, to: sms.to, limit: 50 });
    const match = listed.find(
      (message) => message.body === sms.body && (message.dateCreated?.getTime() ?? 0) >= after,
    );
    return match?.sid ?? null;
  }
}

import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { PROVIDER_TIMEOUT_MS, ProviderError, rateLimitResetOf } from './provider.errors.js';

const TWILIO_API = 'https://api.twilio.com';
/** How far Twilio's clock and ours may differ when matching a message's creation time. */
export const CLOCK_SKEW_MS = 5_000;

/**
 * The SDK's HTTP client, sending api.twilio.com calls to another base URL (the provider sandbox
 * locally) and turning a refusal into a `ProviderError` that keeps the rate-limit reset headers the
 * SDK's own error drops.
 */
class ProviderRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: PROVIDER_TIMEOUT_MS });
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

/** Twilio's SDK for the account, at the configured API URL (the provider sandbox locally). */
export function twilioClient(options: {
  accountSid: string;
  authToken: string;
  apiUrl: string;
}): twilio.Twilio {
  return twilio(options.accountSid, options.authToken, {
    httpClient: new ProviderRequestClient(options.apiUrl.replace(/\/+$/, '')),
  });
}

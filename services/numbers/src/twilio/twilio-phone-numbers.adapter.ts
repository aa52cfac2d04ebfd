import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { type OwnedNumber, PhoneNumberProvider } from './phone-number-provider.port.js';

const TWILIO_API = 'https://api.twilio.com';

/** Sends the SDK's api.twilio.com calls to another base URL (the provider sandbox locally). */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super();
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = opts.uri.startsWith(TWILIO_API)
      ? `${this.baseUrl}${opts.uri.slice(TWILIO_API.length)}`
      : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

/** The telephony provider on Twilio's SDK (its API at `apiUrl`: the provider sandbox locally). */
export class TwilioPhoneNumberProvider extends PhoneNumberProvider {
  private readonly client: twilio.Twilio;

  constructor(options: { accountSid: string; authToken: string; apiUrl: string }) {
    super();
    const apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.client = twilio(options.accountSid, options.authToken, {
      httpClient: apiUrl === TWILIO_API ? undefined : new BaseUrlRequestClient(apiUrl),
    });
  }

  async pointSmsWebhook(sid: string, smsUrl: string): Promise<void> {
    await this.client.incomingPhoneNumbers(sid).update({ smsUrl, smsMethod: 'POST' });
  }

  async ownedNumbers(): Promise<OwnedNumber[]> {
    const numbers = await this.client.incomingPhoneNumbers.list();
    return numbers.map((number) => ({
      e164: number.phoneNumber,
      sid: number.sid,
      friendlyName: number.friendlyName,
    }));
  }
}

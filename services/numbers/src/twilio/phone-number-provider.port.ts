/** A number the provider account holds. */
export interface OwnedNumber {
  e164: string;
  sid: string;
  friendlyName: string;
}

/** What numbers asks of the telephony provider (Twilio: `TwilioPhoneNumberProvider`, the only place that knows its SDK). */
export abstract class PhoneNumberProvider {
  /** Texts to the number (an IncomingPhoneNumber SID) are POSTed to `smsUrl` from now on. */
  abstract pointSmsWebhook(sid: string, smsUrl: string): Promise<void>;
  /** Every number the account holds. */
  abstract ownedNumbers(): Promise<OwnedNumber[]>;
}

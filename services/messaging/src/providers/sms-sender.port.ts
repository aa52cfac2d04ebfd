export interface OutgoingSms {
  /** One of our numbers (E.164). */
  from: string;
  to: string;
  body: string;
  /** Where Twilio POSTs the message's status changes; none when absent. */
  statusCallback?: string;
}

/** Sends one SMS (Twilio: `TwilioSmsSender`). A refusal is thrown as a `ProviderError`. */
export abstract class SmsSender {
  abstract send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;
}

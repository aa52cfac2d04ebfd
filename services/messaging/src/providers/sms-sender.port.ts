export interface OutgoingSms {
  /** One of our numbers (E.164). */
  from: string;
  to: string;
  body: string;
  /** Where Twilio POSTs the message's status changes; none when absent. */
  statusCallback?: string;
}

/**
 * Sends one SMS (Twilio: `TwilioSmsSender`). A refusal (the provider answered no) is thrown as a
 * `ProviderError`; any other error leaves open whether the SMS went.
 */
export abstract class SmsSender {
  abstract send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;

  /**
   * The provider's id of this very SMS (same from, to and body) if the provider accepted one at or
   * after `since`: what an earlier call whose answer was lost did. Null when it holds none.
   */
  abstract findSent(sms: Omit<OutgoingSms, 'statusCallback'>, since: Date): Promise<string | null>;
}

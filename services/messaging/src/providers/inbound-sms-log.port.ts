/** A text someone sent to one of the account's numbers, as the SMS provider logged it. */
export interface LoggedInboundSms {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  /** When the provider received it. */
  receivedAt: Date;
}

/**
 * The SMS provider's own log of the texts its numbers received (Twilio: the Messages list), whatever
 * became of the webhook that was to bring each one: the safety net of inbound texts.
 */
export abstract class InboundSmsLog {
  /** The texts received at or after `since`, oldest first. */
  abstract receivedSince(since: Date): Promise<LoggedInboundSms[]>;
}

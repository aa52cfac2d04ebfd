/**
 * What the outside world received from MultiMFA (e-mails and text messages) and what it sent to it
 * (inbound texts), as the inbox page and the test client see it. Dates are ISO-8601 strings.
 */

export interface EmailAddress {
  email: string;
  name?: string;
}

export type EmailStatus = 'processed' | 'delivered' | 'bounced';

export interface EmailEntry {
  channel: 'email';
  direction: 'outbound';
  /** Position in the inbox: increases with every new entry (use it as a cursor). */
  seq: number;
  id: string;
  createdAt: string;
  /** SendGrid's X-Message-Id of the send this e-mail came from. */
  messageId: string;
  from: EmailAddress;
  replyTo?: EmailAddress;
  to: EmailAddress[];
  cc: EmailAddress[];
  bcc: EmailAddress[];
  subject: string;
  text?: string;
  html?: string;
  templateId?: string;
  templateData?: unknown;
  categories: string[];
  customArgs: Record<string, string>;
  status: EmailStatus;
  /** Why the e-mail bounced. */
  reason?: string;
}

export type SmsStatus = 'accepted' | 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'received';

export interface WebhookOutcome {
  url: string;
  /** HTTP status of the answer, when there was one. */
  status?: number;
  ok: boolean;
  error?: string;
}

export interface SmsEntry {
  channel: 'sms';
  /** `outbound`: MultiMFA sent it through Twilio; `inbound`: someone texted a number. */
  direction: 'outbound' | 'inbound';
  seq: number;
  id: string;
  createdAt: string;
  /** Twilio's MessageSid. */
  sid: string;
  from: string;
  to: string;
  body: string;
  status: SmsStatus;
  errorCode?: number;
  /** Inbound only: how the webhook answered (absent while the POST is under way). */
  webhook?: WebhookOutcome;
}

/** A post MultiMFA made to a Slack incoming webhook (`POST /services/…`). */
export interface SlackEntry {
  channel: 'slack';
  direction: 'outbound';
  seq: number;
  id: string;
  createdAt: string;
  /** The webhook's path, `/services/T…/B…/…`: which channel it went to. */
  to: string;
  /** The notification's fallback text. */
  text: string;
  /** The Block Kit blocks, as posted. */
  blocks: unknown[];
  /** `delivered` (answered 200 ok) or `refused` (a fault's status, in `code`). */
  status: 'delivered' | 'refused';
  code: number;
}

/** A request MultiMFA made to the sandbox's webhook receiver (`POST /webhook-receiver/:name`). */
export interface WebhookEntry {
  channel: 'webhook';
  direction: 'outbound';
  seq: number;
  id: string;
  createdAt: string;
  /** The receiver's name (the last segment of its URL). */
  to: string;
  /** The body as received, byte for byte (what the signature covers). */
  body: string;
  /** `MultiMFA-Signature`, if any. */
  signature: string | null;
  /** Whether it verifies with the secret registered for this receiver; null when none is. */
  signatureValid: boolean | null;
  /** `delivered` (answered 2xx) or `refused` (a fault's status, in `code`). */
  status: 'delivered' | 'refused';
  code: number;
}

export type InboxEntry = EmailEntry | SmsEntry | SlackEntry | WebhookEntry;
export type NewInboxEntry =
  | Omit<EmailEntry, 'seq' | 'id' | 'createdAt'>
  | Omit<SmsEntry, 'seq' | 'id' | 'createdAt'>
  | Omit<SlackEntry, 'seq' | 'id' | 'createdAt'>
  | Omit<WebhookEntry, 'seq' | 'id' | 'createdAt'>;

export interface InboxFilter {
  channel?: InboxEntry['channel'];
  direction?: 'outbound' | 'inbound';
  /**
   * An e-mail recipient (to, cc or bcc; any case), a phone number the text went to, a Slack webhook's
   * path or a webhook receiver's name.
   */
  to?: string;
  /** Only entries after this cursor (`seq`). */
  after?: number;
}

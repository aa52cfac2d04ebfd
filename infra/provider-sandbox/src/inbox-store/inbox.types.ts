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

export type InboxEntry = EmailEntry | SmsEntry;
export type NewInboxEntry =
  | Omit<EmailEntry, 'seq' | 'id' | 'createdAt'>
  | Omit<SmsEntry, 'seq' | 'id' | 'createdAt'>;

export interface InboxFilter {
  channel?: 'email' | 'sms';
  direction?: 'outbound' | 'inbound';
  /** An e-mail recipient (to, cc or bcc; any case) or a phone number the text went to. */
  to?: string;
  /** Only entries after this cursor (`seq`). */
  after?: number;
}

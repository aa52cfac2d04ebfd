/** One accepted `POST /v3/mail/send` and what happened to it. */
export interface SentMail {
  messageId: string;
  createdAt: string;
  /** Inbox entries, one per personalization. */
  inboxIds: string[];
  events: SendgridEvent[];
}

/** An event as SendGrid posts it to the event webhook (custom_args appear as top-level keys). */
export interface SendgridEvent {
  email: string;
  timestamp: number;
  event: 'processed' | 'delivered' | 'bounce';
  'smtp-id': string;
  sg_event_id: string;
  sg_message_id: string;
  category?: string[];
  [key: string]: unknown;
}

const MAX_SENDS = 5000;

/** Mail sends by X-Message-Id, in memory. */
export class SendgridStore {
  private readonly sends = new Map<string, SentMail>();

  add(sent: SentMail): void {
    this.sends.set(sent.messageId, sent);
    if (this.sends.size > MAX_SENDS) {
      const oldest = this.sends.keys().next().value;
      if (oldest !== undefined) this.sends.delete(oldest);
    }
  }

  get(messageId: string): SentMail | undefined {
    return this.sends.get(messageId);
  }
}

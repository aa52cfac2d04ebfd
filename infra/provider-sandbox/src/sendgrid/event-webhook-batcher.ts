import type { Background } from '../shared/background.js';
import type { WebhookDispatcher } from '../shared/webhook-dispatcher.js';
import type { EventWebhookSigner } from './event-webhook-signer.js';
import type { SendgridEvent } from './sendgrid.store.js';

const RETRY_DELAYS_MS = [1_000, 5_000, 20_000];
/** SendGrid posts a batch once it reaches 768 KB, or when its interval is up. */
const MAX_BATCH_BYTES = 768 * 1024;

/**
 * SendGrid's Event Webhook posts events in batches, not one request per event: events of all mails
 * gathered over an interval (SendGrid's own is 30 s; the sandbox's, SENDGRID_EVENT_BATCH_MS, is short so
 * that tests and the demo see statuses move soon) or up to 768 KB, as one signed JSON array, oldest
 * first. A batch not accepted is retried on SendGrid's schedule, while later batches go on.
 */
export class EventWebhookBatcher {
  private pending: SendgridEvent[] = [];
  private pendingBytes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string | undefined,
    private readonly intervalMs: number,
    private readonly signer: EventWebhookSigner,
    private readonly dispatcher: WebhookDispatcher,
    private readonly background: Background,
  ) {}

  add(events: SendgridEvent[]): void {
    if (!this.url || !events.length || this.background.closed) return;
    for (const event of events) {
      const bytes = JSON.stringify(event).length + 1;
      if (this.pendingBytes + bytes > MAX_BATCH_BYTES) this.flush();
      this.pending.push(event);
      this.pendingBytes += bytes;
    }
    // Unreferenced: a closing sandbox does not wait for it, and its batch is then not posted.
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs).unref();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    const url = this.url;
    if (!events.length || !url) return;
    const payload = JSON.stringify(events);
    this.background.run(`sendgrid events (${events.length})`, async () => {
      await this.dispatcher.send({
        label: `sendgrid ${events.length} events`,
        url,
        contentType: 'application/json',
        body: payload,
        headers: () => {
          const timestamp = String(Math.floor(Date.now() / 1000));
          return {
            'User-Agent': 'SendGrid Event API',
            'X-Twilio-Email-Event-Webhook-Timestamp': timestamp,
            'X-Twilio-Email-Event-Webhook-Signature': this.signer.sign(timestamp, payload),
          };
        },
        retryDelaysMs: RETRY_DELAYS_MS,
      });
    });
  }
}

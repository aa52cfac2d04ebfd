import type { InboxStore } from '../inbox-store/inbox.store.js';
import type { Background } from '../shared/background.js';
import { randomBase62 } from '../shared/ids.js';
import type { EventWebhookBatcher } from './event-webhook-batcher.js';
import type { Address, MailSend, Personalization } from './mail-send.validator.js';
import type { SendgridEvent, SendgridStore, SentMail } from './sendgrid.store.js';

const BOUNCE_REASON = '550 5.1.1 The email account that you tried to reach does not exist.';

/** Recipients whose local part starts with "bounce" (bounce@…, bounce+1@…) bounce; everyone else receives. */
export const bounces = (email: string) => /^bounce/i.test(email);

function substitute(text: string | undefined, substitutions: Record<string, string>): string | undefined {
  if (text === undefined) return undefined;
  return Object.entries(substitutions).reduce((out, [key, value]) => out.split(key).join(value), text);
}

/**
 * Accepted mail sends: one inbox e-mail per personalization, then SendGrid's events for every
 * recipient (processed, then delivered or bounce) for the event webhook's batches.
 */
export class MailSendService {
  constructor(
    private readonly store: SendgridStore,
    private readonly inbox: InboxStore,
    private readonly events: EventWebhookBatcher,
    private readonly background: Background,
    private readonly stepDelayMs: number,
  ) {}

  /** Returns the X-Message-Id. In sandbox mode (mail_settings.sandbox_mode) nothing is sent, as at SendGrid. */
  send(mail: MailSend): string {
    const messageId = randomBase62(22);
    if (mail.sandboxMode) return messageId;
    const sent: SentMail = { messageId, createdAt: new Date().toISOString(), inboxIds: [], events: [] };
    const recipients: Array<{ address: Address; personalization: Personalization; index: number }> = [];
    const bouncedByEntry = new Map<string, string[]>();

    mail.personalizations.forEach((personalization, index) => {
      const subst = personalization.substitutions;
      const bounced = [...personalization.to, ...personalization.cc, ...personalization.bcc].filter(
        (address) => bounces(address.email),
      );
      const entry = this.inbox.add({
        channel: 'email',
        direction: 'outbound',
        messageId,
        from: mail.from,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        to: personalization.to,
        cc: personalization.cc,
        bcc: personalization.bcc,
        subject: substitute(personalization.subject ?? mail.subject, subst) ?? '',
        ...(mail.text !== undefined ? { text: substitute(mail.text, subst) } : {}),
        ...(mail.html !== undefined ? { html: substitute(mail.html, subst) } : {}),
        ...(mail.templateId
          ? { templateId: mail.templateId, templateData: personalization.dynamicTemplateData }
          : {}),
        categories: mail.categories,
        customArgs: { ...mail.customArgs, ...personalization.customArgs },
        status: 'processed',
      });
      sent.inboxIds.push(entry.id);
      for (const address of [...personalization.to, ...personalization.cc, ...personalization.bcc]) {
        recipients.push({ address, personalization, index });
      }
      bouncedByEntry.set(
        entry.id,
        bounced.map((address) => address.email),
      );
    });
    this.store.add(sent);

    this.background.run(`sendgrid events ${messageId}`, async () => {
      const event = (
        recipient: (typeof recipients)[number],
        position: number,
        kind: SendgridEvent['event'],
      ): SendgridEvent => ({
        email: recipient.address.email,
        timestamp: Math.floor(Date.now() / 1000),
        'smtp-id': `<${messageId}@sandbox.sendgrid.local>`,
        event: kind,
        sg_event_id: randomBase62(22),
        sg_message_id: `${messageId}.sandbox-${recipient.index}-${position}.0`,
        ...(mail.categories.length ? { category: mail.categories } : {}),
        ...mail.customArgs,
        ...recipient.personalization.customArgs,
        ...(kind === 'delivered' ? { response: '250 OK' } : {}),
        ...(kind === 'bounce'
          ? {
              reason: BOUNCE_REASON,
              status: '5.1.1',
              type: 'bounce',
              bounce_classification: 'Invalid Address',
            }
          : {}),
      });
      const processed = recipients.map((recipient, position) => event(recipient, position, 'processed'));
      sent.events.push(...processed);
      this.events.add(processed);

      await this.background.sleep(this.stepDelayMs);
      const outcomes = recipients.map((recipient, position) =>
        event(recipient, position, bounces(recipient.address.email) ? 'bounce' : 'delivered'),
      );
      sent.events.push(...outcomes);
      for (const [id, bounced] of bouncedByEntry) {
        this.inbox.updateEmail(
          id,
          bounced.length
            ? { status: 'bounced', reason: `${bounced.join(', ')}: ${BOUNCE_REASON}` }
            : { status: 'delivered' },
        );
      }
      this.events.add(outcomes);
    });
    return messageId;
  }
}

import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import type { SandboxConfig } from '../config/sandbox-config.js';
import type { InboxStore } from '../inbox-store/inbox.store.js';
import type { WebhookOutcome } from '../inbox-store/inbox.types.js';
import type { Background } from '../shared/background.js';
import { twilioSid } from '../shared/ids.js';
import type { WebhookDispatcher } from '../shared/webhook-dispatcher.js';
import { MAGIC_RECIPIENTS, type RecipientFate } from './magic-numbers.js';
import { countryOf, smsSegments, toE164 } from './phone-numbers.js';
import type { StoredMessage, TwilioStore } from './twilio.store.js';
import { type MessageResource, type MessageStatus, rfc2822 } from './twilio.types.js';
import { twilioErrors } from './twilio-error.js';

export interface CreateMessageInput {
  to?: string;
  from?: string;
  messagingServiceSid?: string;
  body?: string;
  statusCallback?: string;
}

const MAX_BODY = 1600;
const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/;
const PRICE_PER_SEGMENT = 0.0079;

const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** An inbound SMS the sandbox cannot send (a bad number or body). */
export class InvalidInboundSms extends Error {
  override readonly name = 'InvalidInboundSms';
}

/** Headers Twilio puts on its webhook requests, with the signature over `url` and `params`. */
export function twilioWebhookHeaders(authToken: string, url: string, params: Record<string, string>) {
  return {
    'X-Twilio-Signature': twilio.getExpectedTwilioSignature(authToken, url, params),
    'User-Agent': 'TwilioProxy/1.1',
    'I-Twilio-Idempotency-Token': randomUUID(),
  };
}

/**
 * Outbound SMS (Messages create) and their life afterwards: the message is queued, then sent and
 * delivered (or it fails, for the magic recipients), each step shown in the inbox and POSTed signed to
 * the message's StatusCallback. Inbound SMS, texted from the inbox page or by a test, go to the webhook.
 */
export class MessagesService {
  constructor(
    private readonly store: TwilioStore,
    private readonly inbox: InboxStore,
    private readonly config: SandboxConfig['twilio'],
    private readonly dispatcher: WebhookDispatcher,
    private readonly background: Background,
    private readonly stepDelayMs: number,
  ) {}

  create(input: CreateMessageInput): MessageResource {
    if (!input.to) throw twilioErrors.missingTo();
    const to = toE164(input.to);
    if (!to) throw twilioErrors.invalidTo(input.to);
    if (input.messagingServiceSid !== undefined && !MESSAGING_SERVICE_SID.test(input.messagingServiceSid)) {
      throw twilioErrors.invalidMessagingService(input.messagingServiceSid);
    }
    const from = this.sender(input.from, input.messagingServiceSid);
    if (from === to) throw twilioErrors.sameToAndFrom();
    const body = input.body ?? '';
    if (!body) throw twilioErrors.missingBody();
    if (body.length > MAX_BODY) throw twilioErrors.bodyTooLong();
    if (input.statusCallback !== undefined && !isHttpUrl(input.statusCallback)) {
      throw twilioErrors.invalidStatusCallback(input.statusCallback);
    }
    const fate = MAGIC_RECIPIENTS[to];
    if (fate?.kind === 'reject') throw fate.error(to);

    const sid = twilioSid('SM');
    const now = rfc2822();
    const status: MessageStatus = input.messagingServiceSid ? 'accepted' : 'queued';
    const uri = `/2010-04-01/Accounts/${this.config.accountSid}/Messages/${sid}`;
    const resource: MessageResource = {
      account_sid: this.config.accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: input.messagingServiceSid ?? null,
      num_media: '0',
      num_segments: String(smsSegments(body)),
      price: null,
      price_unit: 'USD',
      sid,
      status,
      subresource_uris: { media: `${uri}/Media.json` },
      to,
      uri: `${uri}.json`,
    };
    const entry = this.inbox.add({ channel: 'sms', direction: 'outbound', sid, from, to, body, status });
    const stored: StoredMessage = { resource, inboxId: entry.id };
    this.store.messages.set(sid, stored);
    this.background.run(`twilio message ${sid}`, () => this.lifecycle(stored, input.statusCallback, fate));
    return structuredClone(resource);
  }

  /** The From of an outbound message: an owned number, or (with a Messaging Service) the first owned one. */
  private sender(rawFrom: string | undefined, messagingServiceSid: string | undefined): string {
    if (!rawFrom) {
      const first = this.store.numbers.values().next().value;
      if (messagingServiceSid && first) return first.phone_number;
      throw twilioErrors.missingFrom();
    }
    const from = toE164(rawFrom);
    if (!from || !this.store.numberByPhone(from)) throw twilioErrors.fromNotOwned(rawFrom);
    return from;
  }

  private async lifecycle(
    stored: StoredMessage,
    callback: string | undefined,
    fate: RecipientFate | undefined,
  ) {
    const steps: MessageStatus[] = [];
    if (stored.resource.status === 'accepted') steps.push('accepted');
    steps.push('queued');
    if (fate?.kind === 'fail' && fate.status === 'failed') steps.push('failed');
    else steps.push('sent', fate?.kind === 'fail' ? fate.status : 'delivered');

    for (const [index, status] of steps.entries()) {
      if (index > 0) await this.background.sleep(this.stepDelayMs);
      this.setStatus(stored, status, fate);
      if (callback) await this.postStatus(stored.resource, callback);
    }
  }

  private setStatus(stored: StoredMessage, status: MessageStatus, fate: RecipientFate | undefined): void {
    const message = stored.resource;
    message.status = status;
    message.date_updated = rfc2822();
    if (status === 'sent') {
      message.date_sent = message.date_updated;
      message.price = (-PRICE_PER_SEGMENT * Number(message.num_segments)).toFixed(5);
    }
    if ((status === 'failed' || status === 'undelivered') && fate?.kind === 'fail') {
      message.error_code = fate.errorCode;
      message.error_message = fate.errorMessage;
    }
    if (status === 'sending') return;
    this.inbox.updateSms(stored.inboxId, {
      status,
      ...(message.error_code ? { errorCode: message.error_code } : {}),
    });
  }

  /** POSTs one status callback, form-encoded and signed, as Twilio does (no retries). */
  private async postStatus(message: MessageResource, url: string): Promise<void> {
    const params: Record<string, string> = {
      AccountSid: message.account_sid,
      ApiVersion: message.api_version,
      From: message.from,
      MessageSid: message.sid,
      MessageStatus: message.status,
      SmsSid: message.sid,
      SmsStatus: message.status,
      To: message.to,
    };
    if (message.messaging_service_sid) params.MessagingServiceSid = message.messaging_service_sid;
    if (message.error_code) params.ErrorCode = String(message.error_code);
    if (message.status === 'delivered') params.RawDlrDoneDate = rawDlrDate(new Date());
    await this.dispatcher.send({
      label: `twilio status ${message.status} ${message.sid}`,
      url,
      contentType: 'application/x-www-form-urlencoded; charset=utf-8',
      body: new URLSearchParams(params).toString(),
      headers: () => twilioWebhookHeaders(this.config.authToken, url, params),
    });
  }

  /**
   * Someone texts a number: the message is stored (direction inbound) and POSTed, signed, to the
   * number's SmsUrl or else TWILIO_INBOUND_WEBHOOK_URL. Resolves once the webhook answered.
   */
  async receive(input: { from: string; to: string; body: string }): Promise<{
    message: MessageResource;
    webhook: WebhookOutcome;
    /** The inbox entry showing it. */
    entryId: string;
  }> {
    const from = toE164(input.from);
    const to = toE164(input.to);
    if (!from)
      throw new InvalidInboundSms(`From must be a phone number in E.164 form (+14155550123): ${input.from}`);
    if (!to)
      throw new InvalidInboundSms(`To must be a phone number in E.164 form (+14155550123): ${input.to}`);
    const body = input.body;
    if (!body.trim()) throw new InvalidInboundSms('Body must not be empty.');
    if (body.length > MAX_BODY) throw new InvalidInboundSms(`Body must be at most ${MAX_BODY} characters.`);

    const sid = twilioSid('SM');
    const now = rfc2822();
    const uri = `/2010-04-01/Accounts/${this.config.accountSid}/Messages/${sid}`;
    const message: MessageResource = {
      account_sid: this.config.accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: now,
      date_updated: now,
      direction: 'inbound',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: String(smsSegments(body)),
      price: null,
      price_unit: 'USD',
      sid,
      status: 'received',
      subresource_uris: { media: `${uri}/Media.json` },
      to,
      uri: `${uri}.json`,
    };
    const entry = this.inbox.add({
      channel: 'sms',
      direction: 'inbound',
      sid,
      from,
      to,
      body,
      status: 'received',
    });
    this.store.messages.set(sid, { resource: message, inboxId: entry.id });

    const url = this.store.numberByPhone(to)?.sms_url || this.config.inboundWebhookUrl;
    let webhook: WebhookOutcome;
    if (!url) {
      webhook = {
        url: '',
        ok: false,
        error: 'No webhook: set TWILIO_INBOUND_WEBHOOK_URL (or the number’s SmsUrl).',
      };
    } else {
      const params: Record<string, string> = {
        ToCountry: countryOf(to),
        ToState: '',
        SmsMessageSid: sid,
        NumMedia: '0',
        ToCity: '',
        FromZip: '',
        SmsSid: sid,
        FromState: '',
        SmsStatus: 'received',
        FromCity: '',
        Body: body,
        FromCountry: countryOf(from),
        To: to,
        ToZip: '',
        NumSegments: message.num_segments,
        MessageSid: sid,
        AccountSid: this.config.accountSid,
        From: from,
        ApiVersion: '2010-04-01',
      };
      const result = await this.dispatcher.send({
        label: `twilio inbound ${sid}`,
        url,
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(params).toString(),
        headers: () => twilioWebhookHeaders(this.config.authToken, url, params),
      });
      webhook = {
        url,
        ok: result.ok,
        ...(result.status !== undefined ? { status: result.status } : {}),
        ...(result.error ? { error: result.error } : {}),
      };
    }
    this.inbox.updateSms(entry.id, { webhook });
    return { message: structuredClone(message), webhook, entryId: entry.id };
  }
}

/** Carrier delivery-receipt time, YYMMDDhhmm in UTC. */
function rawDlrDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCFullYear() % 100)}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}`;
}

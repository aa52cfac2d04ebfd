import type { z } from 'zod';
import type { ArmedFault, faultSpecSchema, Provider } from '../faults/fault.types.js';
import type {
  EmailEntry,
  InboxEntry,
  SlackEntry,
  SmsEntry,
  WebhookEntry,
  WebhookOutcome,
} from '../inbox-store/inbox.types.js';

export type { ArmedFault, Provider } from '../faults/fault.types.js';
export type {
  EmailAddress,
  EmailEntry,
  InboxEntry,
  SlackEntry,
  SmsEntry,
  WebhookEntry,
  WebhookOutcome,
} from '../inbox-store/inbox.types.js';

/** What `setFault` arms: the sandbox's own schema (see `faultSpecSchema`), its defaults optional. */
export type FaultRequest = z.input<typeof faultSpecSchema>;

export interface WaitOptions<E> {
  /** Only messages after this cursor (from `cursor()`); by default any message, old ones included. */
  after?: number;
  /** Default 10 s. */
  timeoutMs?: number;
  /**
   * Further condition on the content, e.g. `(sms) => sms.body.includes('code')`. It sees the message as
   * it is when it arrives (status included); poll `messages()` to follow a status.
   */
  match?: (entry: E) => boolean;
}

export interface InboundSmsResult {
  message: { sid: string; from: string; to: string; body: string; status: string };
  /** How MultiMFA's webhook answered. */
  webhook: WebhookOutcome;
  /** The inbox entry showing the text. */
  entryId: string;
}

export class SandboxClientError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SandboxClientError';
  }
}

/** Thrown by the wait methods when nothing matching arrived in time. */
export class SandboxTimeoutError extends SandboxClientError {
  override readonly name = 'SandboxTimeoutError';
}

const LONG_POLL_MS = 25_000;

/**
 * A small client for tests and tools: what the sandbox's mailbox and phones received, texting a
 * MultiMFA number, and faults on demand.
 *
 *   const sandbox = new SandboxClient('http://127.0.0.1:24090');
 *   const cursor = await sandbox.cursor();
 *   await signUp('ada@example.com');
 *   const mail = await sandbox.waitForEmail('ada@example.com', { after: cursor });
 */
export class SandboxClient {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  /** Messages, newest first. */
  async messages(
    filter: {
      channel?: InboxEntry['channel'];
      direction?: 'inbound' | 'outbound';
      to?: string;
      after?: number;
      limit?: number;
    } = {},
  ): Promise<InboxEntry[]> {
    const body = await this.call<{ data: InboxEntry[] }>('GET', `/_sandbox/messages?${query(filter)}`);
    return body.data;
  }

  /** The position of the newest message: pass it as `after` to wait for a new one. */
  async cursor(): Promise<number> {
    const body = await this.call<{ cursor: number }>('GET', '/_sandbox/messages?limit=1');
    return body.cursor;
  }

  async lastEmailTo(address: string): Promise<EmailEntry | undefined> {
    return (await this.messages({ channel: 'email', to: address, limit: 1 }))[0] as EmailEntry | undefined;
  }

  /** The last text sent to `number` by MultiMFA (outbound). */
  async lastSmsTo(number: string): Promise<SmsEntry | undefined> {
    return (await this.messages({ channel: 'sms', direction: 'outbound', to: number, limit: 1 }))[0] as
      | SmsEntry
      | undefined;
  }

  waitForEmail(address: string, options: WaitOptions<EmailEntry> = {}): Promise<EmailEntry> {
    return this.waitFor<EmailEntry>({ channel: 'email', to: address }, options, `an e-mail to ${address}`);
  }

  /** Waits for a text MultiMFA sends to `number`. */
  waitForSms(number: string, options: WaitOptions<SmsEntry> = {}): Promise<SmsEntry> {
    return this.waitFor<SmsEntry>(
      { channel: 'sms', direction: 'outbound', to: number },
      options,
      `a text to ${number}`,
    );
  }

  /** Waits for a post to the Slack incoming webhook at `path` (`/services/…`), delivered or refused. */
  waitForSlackPost(path: string, options: WaitOptions<SlackEntry> = {}): Promise<SlackEntry> {
    return this.waitFor<SlackEntry>({ channel: 'slack', to: path }, options, `a Slack post to ${path}`);
  }

  /** Waits for a request to the webhook receiver `name` (`/webhook-receiver/<name>`). */
  waitForWebhook(name: string, options: WaitOptions<WebhookEntry> = {}): Promise<WebhookEntry> {
    return this.waitFor<WebhookEntry>(
      { channel: 'webhook', to: name },
      options,
      `a webhook request to ${name}`,
    );
  }

  /** Registers the signing secret the receiver `name` verifies `MultiMFA-Signature` with. */
  async setWebhookSecret(name: string, secret: string): Promise<void> {
    await this.send('PUT', `/webhook-receiver/${encodeURIComponent(name)}/secret`, { secret });
  }

  /** Texts `to` from `from`: the sandbox POSTs it to MultiMFA's inbound webhook as Twilio does. */
  sendInboundSms(sms: { from: string; to: string; body: string }): Promise<InboundSmsResult> {
    return this.call<InboundSmsResult>('POST', '/_sandbox/twilio/inbound-sms', sms);
  }

  setFault(fault: FaultRequest): Promise<ArmedFault> {
    return this.call<ArmedFault>('POST', '/_sandbox/faults', fault);
  }

  async faults(): Promise<ArmedFault[]> {
    return (await this.call<{ data: ArmedFault[] }>('GET', '/_sandbox/faults')).data;
  }

  async clearFaults(provider?: Provider): Promise<void> {
    await this.call('DELETE', `/_sandbox/faults${provider ? `?provider=${provider}` : ''}`);
  }

  /** Forgets every message and fault (provider accounts, such as Stripe customers, stay). */
  async reset(): Promise<void> {
    await this.call('POST', '/_sandbox/reset', {});
  }

  private async waitFor<E extends InboxEntry>(
    filter: { channel: InboxEntry['channel']; direction?: 'outbound'; to: string },
    options: WaitOptions<E>,
    what: string,
  ): Promise<E> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    let after = options.after;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      const params = query({ ...filter, after, timeoutMs: Math.min(remaining, LONG_POLL_MS) });
      const response = await this.send('GET', `/_sandbox/messages/next?${params}`);
      if (response.status === 204) continue;
      const entry = (await response.json()) as E;
      if (!options.match || options.match(entry)) return entry;
      after = entry.seq;
    }
    throw new SandboxTimeoutError(`No ${what} arrived within ${options.timeoutMs ?? 10_000} ms`);
  }

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await this.fetchImpl(`${this.base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 400) {
      const text = await response.text();
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new SandboxClientError(
        `${method} ${path} answered ${response.status}: ${message}`,
        response.status,
      );
    }
    return response;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send(method, path, body);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
}

function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

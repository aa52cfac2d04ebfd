import {
  BOT_OPERATIONS,
  BOT_WAIT_MAX_SECONDS,
  type BotMessage,
  type BotMessageClaim,
  type BotMessagePage,
  type CodeMessage,
  type Envelope,
} from './bot-api.types.js';
import { MultiMfaBotError } from './multimfa-bot.errors.js';

/** What the client needs of an answer: the global `fetch`'s Response is one. */
export interface FetchAnswer {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The global `fetch` (Node 20+, browsers), or anything that answers like it. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; signal: AbortSignal },
) => Promise<FetchAnswer>;

export interface MultiMfaBotOptions {
  /** The bot's API key (`mmfa_bot_…`), shown on its RoboMFA's page. */
  apiKey: string;
  /** Where MultiMFA answers, e.g. `https://app.multimfa.com`; the client adds `/api/bot/v1/…`. */
  baseUrl: string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
  /** Waits `ms` (or until `signal` aborts); defaults to a timer. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface WaitForCodeOptions {
  /** Only a text from this sender, exactly as `sender` shows it ("Google", "+14155550100"). */
  sender?: string;
  /**
   * A cursor from an earlier answer: the first text with a code after it. Without it, the first
   * text with a code that arrives from this call on.
   */
  since?: string;
  /** The call answers or fails within this many milliseconds, whatever happens. */
  timeoutMs: number;
  /** Ends the wait early (MultiMfaBotError ABORTED). */
  signal?: AbortSignal;
}

export interface CallOptions {
  /** Transient failures are retried within it; defaults to 30 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ListOptions extends CallOptions {
  /** Only messages after this cursor; without it, from the first one. */
  since?: string;
  /** 0 to 100 (default 50); 0 answers only the cursor where the feed stands now. */
  limit?: number;
}

const DEFAULT_CALL_TIMEOUT_MS = 30_000;
const FIRST_BACKOFF_MS = 500;
const LONGEST_BACKOFF_MS = 8_000;

type Operation = keyof typeof BOT_OPERATIONS;

interface Attempt {
  deadline: number;
  signal: AbortSignal | undefined;
  /** Whether 5xx and network failures are tried again (not for a claim: it may have gone through). */
  retryTransient: boolean;
  /** The error when the deadline passes with no failure to name. */
  timedOut: () => MultiMfaBotError;
}

interface Answer<T> {
  status: number;
  body: Envelope<T> | null;
}

/** The i-th pause between attempts: 0.5 s, 1 s, 2 s, … at most 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** attempt);
}

/** `Retry-After` as seconds or an HTTP date, else the answer's `data.retryAfterSeconds`. */
export function retryAfterSeconds(
  header: string | null,
  body: Envelope<unknown> | null,
  nowMs: number,
): number | undefined {
  if (header !== null && header.trim() !== '') {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - nowMs) / 1000));
  }
  const data = body?.data as { retryAfterSeconds?: unknown } | null | undefined;
  return typeof data?.retryAfterSeconds === 'number' ? data.retryAfterSeconds : undefined;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * A bot of a MultiMFA RoboMFA: reads, waits for and claims the texts its number receives, with its
 * API key. Every call ends by its deadline; 429 (after the wait the server asks for), 5xx and network
 * failures are tried again until then; every other failure is a MultiMfaBotError at once.
 */
export class MultiMfaBot {
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly fetch: FetchLike;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(options: MultiMfaBotOptions) {
    if (!options?.apiKey)
      throw new TypeError('MultiMfaBot needs the bot\u2019s apiKey (from its RoboMFA page)');
    if (!options.baseUrl) throw new TypeError('MultiMfaBot needs a baseUrl, e.g. https://app.multimfa.com');
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`MultiMfaBot baseUrl is not a URL: ${options.baseUrl}`);
    }
    this.apiKey = options.apiKey;
    this.baseUrl = base.href.replace(/\/+$/, '');
    const globalFetch = (globalThis as { fetch?: FetchLike }).fetch;
    const chosen = options.fetch ?? globalFetch?.bind(globalThis);
    if (!chosen) throw new TypeError('No fetch here: pass options.fetch (Node 20+ and browsers have one)');
    this.fetch = chosen;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  /**
   * The first text with a code after `since` (or arriving from now on), optionally from one sender.
   * Long-polls the wait endpoint with the cursor, so no text is missed between calls; texts without a
   * code are passed over. Fails with TIMEOUT when none came within `timeoutMs`.
   */
  async waitForCode(options: WaitForCodeOptions): Promise<CodeMessage> {
    const { sender, timeoutMs } = options;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
      throw new TypeError('waitForCode needs timeoutMs, a number of milliseconds above 0');
    const attempt: Attempt = {
      deadline: this.now() + timeoutMs,
      signal: options.signal,
      retryTransient: true,
      timedOut: () =>
        new MultiMfaBotError(
          'TIMEOUT',
          `No code${sender ? ` from ${sender}` : ''} arrived within ${timeoutMs} ms: check that the SMS went to the RoboMFA's number${sender ? ` and that its sender reads exactly "${sender}"` : ''}, or wait longer`,
        ),
    };
    let cursor = options.since ?? (await this.page({ limit: 0 }, attempt)).cursor;
    for (;;) {
      const seconds = Math.min(BOT_WAIT_MAX_SECONDS, Math.ceil((attempt.deadline - this.now()) / 1000));
      if (seconds <= 0) throw attempt.timedOut();
      const query = new URLSearchParams({ since: cursor, timeout: String(seconds) });
      if (sender) query.set('sender', sender);
      const answer = await this.call<BotMessage>('nextBotMessage', `?${query}`, attempt);
      if (answer.status === 204 || !answer.body) continue;
      const message = answer.body.data;
      if (message.code !== null) return message as CodeMessage;
      cursor = message.cursor;
    }
  }

  /** The texts after `since` (from the first without it), oldest first, one page. */
  async list(options: ListOptions = {}): Promise<BotMessagePage> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    return this.page(options, {
      deadline: this.now() + timeoutMs,
      signal: options.signal,
      retryTransient: true,
      timedOut: () => new MultiMfaBotError('TIMEOUT', `The list did not answer within ${timeoutMs} ms`),
    });
  }

  /**
   * Claims a text for this bot: the first claimer of a RoboMFA's bots gets it, every other one fails
   * with ALREADY_CLAIMED. Only 429 is tried again: after a 5xx or a broken connection the claim may
   * have gone through.
   */
  async claim(messageId: string, options: CallOptions = {}): Promise<BotMessageClaim> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const answer = await this.call<BotMessageClaim>(
      'claimBotMessage',
      '',
      {
        deadline: this.now() + timeoutMs,
        signal: options.signal,
        retryTransient: false,
        timedOut: () => new MultiMfaBotError('TIMEOUT', `The claim did not answer within ${timeoutMs} ms`),
      },
      { id: messageId },
    );
    return this.dataOf(answer);
  }

  private async page(options: { since?: string; limit?: number }, attempt: Attempt): Promise<BotMessagePage> {
    const query = new URLSearchParams();
    if (options.since !== undefined) query.set('since', options.since);
    if (options.limit !== undefined) query.set('limit', String(options.limit));
    const search = query.toString() ? `?${query}` : '';
    return this.dataOf(await this.call<BotMessagePage>('listBotMessages', search, attempt));
  }

  private dataOf<T>(answer: Answer<T>): T {
    if (!answer.body) throw this.unexpected(answer.status, 'an empty answer');
    return answer.body.data;
  }

  /** One operation, tried until it answers, fails for good, or its deadline passes. */
  private async call<T>(
    operation: Operation,
    search: string,
    attempt: Attempt,
    params: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const { method, path } = BOT_OPERATIONS[operation];
    const url = `${this.baseUrl}${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}${search}`;
    let failures = 0;
    let lastFailure: MultiMfaBotError | undefined;
    for (;;) {
      if (attempt.signal?.aborted) throw this.aborted(attempt.signal);
      const remaining = attempt.deadline - this.now();
      if (remaining <= 0) throw lastFailure ?? attempt.timedOut();
      let answer: FetchAnswer;
      let text: string;
      try {
        [answer, text] = await this.send(method, url, remaining, attempt.signal);
      } catch (error) {
        if (attempt.signal?.aborted) throw this.aborted(attempt.signal);
        if (error === DEADLINE) throw lastFailure ?? attempt.timedOut();
        lastFailure = new MultiMfaBotError(
          'NETWORK',
          `Could not reach ${this.baseUrl} (${describe(error)}): check the base URL and the network`,
          { cause: error },
        );
        if (!attempt.retryTransient) throw lastFailure;
        await this.pause(backoffMs(failures++), attempt, lastFailure);
        continue;
      }
      const body = parseEnvelope<T>(text);
      if (answer.status >= 200 && answer.status < 300) {
        if (answer.status !== 204 && !body) throw this.unexpected(answer.status, text);
        return { status: answer.status, body };
      }
      if (answer.status === 429) {
        const serverWait = retryAfterSeconds(answer.headers.get('retry-after'), body, this.now());
        const waitMs = serverWait === undefined ? backoffMs(failures++) : serverWait * 1000;
        lastFailure = this.failure(answer.status, body, Math.ceil(waitMs / 1000));
        await this.pause(waitMs, attempt, lastFailure);
        continue;
      }
      if (answer.status >= 500 && attempt.retryTransient) {
        lastFailure = this.failure(answer.status, body);
        await this.pause(backoffMs(failures++), attempt, lastFailure);
        continue;
      }
      throw this.failure(answer.status, body);
    }
  }

  /** Sleeps `ms` before the next attempt, or fails with `reason` when that passes the deadline. */
  private async pause(ms: number, attempt: Attempt, reason: MultiMfaBotError): Promise<void> {
    if (this.now() + ms >= attempt.deadline) throw reason;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    attempt.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await this.sleep(ms, controller.signal);
    } finally {
      attempt.signal?.removeEventListener('abort', onAbort);
    }
    if (attempt.signal?.aborted) throw this.aborted(attempt.signal);
  }

  /** One request, aborted at the deadline (DEADLINE) or when the caller's signal aborts. */
  private async send(
    method: string,
    url: string,
    remainingMs: number,
    signal: AbortSignal | undefined,
  ): Promise<[FetchAnswer, string]> {
    const controller = new AbortController();
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      controller.abort();
    }, remainingMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const answer = await this.fetch(url, {
        method,
        headers: { authorization: `Bearer ${this.apiKey}`, accept: 'application/json' },
        signal: controller.signal,
      });
      return [answer, await answer.text()];
    } catch (error) {
      throw expired ? DEADLINE : error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private failure(status: number, body: Envelope<unknown> | null, waitSeconds?: number): MultiMfaBotError {
    const serverMessage = body?.message || undefined;
    const serverCode = (body?.data as { code?: unknown } | null | undefined)?.code;
    const details = {
      status,
      ...(serverMessage === undefined ? {} : { serverMessage }),
      ...(typeof serverCode === 'string' ? { serverCode } : {}),
    };
    const said = serverMessage ? ` (${status}: ${serverMessage})` : ` (${status})`;
    if (status === 401)
      return new MultiMfaBotError(
        'INVALID_KEY',
        `The API key was refused${said}: it is mistyped, or its bot was deleted, or its owner's account deactivated. Copy the bot's current key from its RoboMFA page`,
        details,
      );
    if (status === 403 && serverCode === 'SUBSCRIPTION_EXPIRED')
      return new MultiMfaBotError(
        'SUBSCRIPTION_EXPIRED',
        `The RoboMFA's subscription has expired${said}: renew it on its page; texts that arrive until then are never served to bots`,
        details,
      );
    if (status === 403) return new MultiMfaBotError('FORBIDDEN', `The call was refused${said}`, details);
    if (status === 429)
      return new MultiMfaBotError(
        'RATE_LIMITED',
        `Too many requests${said}: the server asks to wait ${waitSeconds ?? '?'} s, longer than this call's deadline allows; try again in ${waitSeconds ?? 'a few'} s or make fewer calls with this key`,
        { ...details, ...(waitSeconds === undefined ? {} : { retryAfterSeconds: waitSeconds }) },
      );
    if (status === 400)
      return new MultiMfaBotError('BAD_REQUEST', `The server refused the request${said}`, details);
    if (status === 404)
      return new MultiMfaBotError(
        'NOT_FOUND',
        `Not found${said}: no such message in this bot's RoboMFA, or baseUrl does not point at MultiMFA`,
        details,
      );
    if (status === 409)
      return new MultiMfaBotError('ALREADY_CLAIMED', `Another bot claimed the message first${said}`, details);
    if (status >= 500)
      return new MultiMfaBotError(
        'SERVER_ERROR',
        `MultiMFA failed to answer${said}; tried again until the deadline: try later`,
        details,
      );
    return this.unexpected(status, serverMessage ?? '');
  }

  private unexpected(status: number, text: string): MultiMfaBotError {
    return new MultiMfaBotError(
      'UNEXPECTED_ANSWER',
      `Unexpected answer from ${this.baseUrl} (${status}${text ? `: ${text.slice(0, 120)}` : ''}): does baseUrl point at MultiMFA?`,
      { status },
    );
  }

  private aborted(signal: AbortSignal): MultiMfaBotError {
    return new MultiMfaBotError('ABORTED', 'The call was aborted by its signal', { cause: signal.reason });
  }
}

/** The marker `send` throws when the deadline, not the caller, aborted the request. */
const DEADLINE = Symbol('deadline');

function parseEnvelope<T>(text: string): Envelope<T> | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Envelope<T>;
    return parsed && typeof parsed === 'object' && 'data' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.message ? `${error.message}: ${cause.message}` : error.message;
}

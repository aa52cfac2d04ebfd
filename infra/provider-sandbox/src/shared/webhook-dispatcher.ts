import type { Background } from './background.js';
import type { Logger } from './logger.js';

export interface WebhookRequest {
  /** For logs: which provider and what is delivered, e.g. `stripe payment_intent.succeeded`. */
  label: string;
  url: string;
  contentType: string;
  body: string;
  /** Headers of one attempt (called again for each retry, so signatures can carry a fresh timestamp). */
  headers: (attempt: number) => Record<string, string>;
  /** Waits before each retry; empty for a single attempt. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

export interface WebhookResult {
  url: string;
  ok: boolean;
  attempts: number;
  /** HTTP status of the last attempt, when there was an answer. */
  status?: number;
  /** Why the last attempt failed without an answer (refused, timed out…). */
  error?: string;
  /** The start of the last answer's body, for display. */
  responseExcerpt?: string;
}

const EXCERPT_LENGTH = 500;

/** POSTs webhooks like the providers do: non-2xx and network failures are retried on a schedule. */
export class WebhookDispatcher {
  constructor(
    private readonly background: Background,
    private readonly logger: Logger,
  ) {}

  async send(request: WebhookRequest): Promise<WebhookResult> {
    const delays = request.retryDelaysMs ?? [];
    let result: WebhookResult = { url: request.url, ok: false, attempts: 0 };
    for (let attempt = 1; attempt <= delays.length + 1; attempt += 1) {
      if (attempt > 1) await this.background.sleep(delays[attempt - 2] ?? 0);
      result = await this.attempt(request, attempt);
      const log = { webhook: request.label, attempt, status: result.status, error: result.error };
      if (result.ok) {
        this.logger.info(log, 'webhook delivered');
        return result;
      }
      this.logger.warn(log, 'webhook not accepted');
    }
    return result;
  }

  private async attempt(request: WebhookRequest, attempt: number): Promise<WebhookResult> {
    const signal = AbortSignal.any([
      this.background.signal,
      AbortSignal.timeout(request.timeoutMs ?? 15_000),
    ]);
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: { 'Content-Type': request.contentType, ...request.headers(attempt) },
        body: request.body,
        redirect: 'manual',
        signal,
      });
      const text = await response.text();
      return {
        url: request.url,
        ok: response.status >= 200 && response.status < 300,
        attempts: attempt,
        status: response.status,
        responseExcerpt: text.slice(0, EXCERPT_LENGTH),
      };
    } catch (error) {
      if (this.background.closed) throw error;
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const message = error instanceof Error ? error.message : String(error);
      return {
        url: request.url,
        ok: false,
        attempts: attempt,
        error: cause ? `${message} (${cause})` : message,
      };
    }
  }
}

import {
  CORRELATION_HEADER,
  currentCorrelationId,
  DomainError,
  type Logger,
  type ServiceTokenSigner,
} from '@multimfa/service-runtime';
import { Pool } from 'undici';
import type { z } from 'zod';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface UpstreamErrorBody {
  message?: unknown;
  data?: { code?: unknown; [detail: string]: unknown } | null;
}

/**
 * Calls one internal service over HTTP with the current correlation id and the caller's signed token
 * (audience: the service), and checks what comes back with a zod schema. A 4xx from the service keeps
 * its message and status; an unreachable, slow or failing service becomes a 503 or 502 that names no
 * internals. Connections are kept alive in a pool per service; each call has a deadline.
 */
export class ServiceClient {
  private readonly pool: Pool;

  constructor(
    readonly service: string,
    baseUrl: string,
    private readonly timeoutMs: number,
    private readonly logger: Logger,
    private readonly signer: ServiceTokenSigner,
    /** Connections kept to the service: held calls (a bot's wait) each hold one. */
    connections = 64,
  ) {
    this.pool = new Pool(baseUrl, {
      connections,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(timeoutMs, 2000),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  async request<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    body?: unknown,
    /** Ends the call early (the caller went away); it then fails like an unreachable service. */
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${await this.signer.token(this.service)}`,
    };
    const correlationId = currentCorrelationId();
    if (correlationId) headers[CORRELATION_HEADER] = correlationId;
    if (body !== undefined) headers['content-type'] = 'application/json';

    let status: number;
    let payload: unknown;
    // A deadline cleared when the call ends: AbortSignal.timeout's timer would still fire, much later,
    // for every call (undici's own timeouts are too coarse to bound a call below a second).
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    try {
      const response = await this.pool.request({
        method,
        path,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ? AbortSignal.any([deadline.signal, signal]) : deadline.signal,
      });
      status = response.statusCode;
      payload = status === 204 ? null : await response.body.json().catch(() => undefined);
    } catch (error) {
      // A caller that went away (a bot ending its wait) is not the service failing.
      if (signal?.aborted)
        this.logger.debug({ service: this.service, path }, 'service call ended by its caller');
      else this.logger.warn({ err: error, service: this.service, path }, 'service call failed');
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        'The service is temporarily unavailable, please try again',
        503,
      );
    } finally {
      clearTimeout(timer);
    }

    if (status >= 400 && status < 500) {
      const error = (payload ?? {}) as UpstreamErrorBody;
      const { code: upstreamCode, ...details } = error.data ?? {};
      const code = typeof upstreamCode === 'string' ? upstreamCode : 'REQUEST_REJECTED';
      const message = typeof error.message === 'string' ? error.message : 'The request was rejected';
      // The service's details go on to the client with its code (for example when a refused request may
      // be made again: retryAfterSeconds).
      throw new DomainError(code, message, status, Object.keys(details).length ? details : null);
    }
    if (status >= 300) {
      this.logger.error({ service: this.service, path, status }, 'service answered with an error');
      throw new DomainError(
        'SERVICE_FAILED',
        'The service could not complete the request, please try again',
        502,
      );
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      this.logger.error(
        { service: this.service, path, issues: parsed.error.issues },
        'service answered off contract',
      );
      throw new DomainError(
        'SERVICE_FAILED',
        'The service could not complete the request, please try again',
        502,
      );
    }
    return parsed.data;
  }

  get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    return this.request('GET', path, schema);
  }

  post<S extends z.ZodType>(path: string, schema: S, body: unknown = {}): Promise<z.output<S>> {
    return this.request('POST', path, schema, body);
  }

  put<S extends z.ZodType>(path: string, schema: S, body: unknown): Promise<z.output<S>> {
    return this.request('PUT', path, schema, body);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

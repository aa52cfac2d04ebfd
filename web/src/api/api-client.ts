import type { Endpoint } from '@multimfa/api-contract';
import { z } from 'zod';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error';
import { unauthorized } from './unauthorized';

/**
 * The one way the web app talks to the gateway: same-origin `/api/...`, cookies included, JSON both
 * ways, the double-submit XSRF header on state-changing calls, a correlation id on every call, and the
 * `{ isError, message, data }` envelope validated against the endpoint's response schema.
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const CORRELATION_HEADER = 'x-correlation-id';

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** The validated response of an endpoint (its whole envelope). */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
/** The `data` of an endpoint's envelope. */
export type DataOf<E extends Endpoint> = ResponseOf<E> extends { data: infer D } ? D : never;

export interface CallOptions<E extends Endpoint> {
  /** JSON body, typed by the endpoint's body schema. */
  body?: InputOf<E['body']>;
  /** Query string, typed by the endpoint's query schema; undefined and null values are left out. */
  query?: InputOf<E['query']>;
  /** Values for the `:name` parameters of the endpoint's path. */
  params?: Record<string, string | number>;
  signal?: AbortSignal;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Enough of the envelope to read a failure; the endpoint's own schema checks successes. */
const looseEnvelope = z.object({ isError: z.boolean(), message: z.string(), data: z.unknown() });

// ---- helpers ---------------------------------------------------------------------------------

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

export function correlationId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-http deployments fall back to the same format by hand.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function buildUrl(path: string, params?: Record<string, string | number>, query?: unknown): string {
  const resolved = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      search.append(key, value instanceof Date ? value.toISOString() : String(value));
    }
  }
  const qs = search.toString();
  return qs ? `${resolved}?${qs}` : resolved;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The gateway's "expired" variant: `data.expired` is true. */
function saysExpired(data: unknown): boolean {
  return Boolean(data && typeof data === 'object' && 'expired' in data && data.expired === true);
}

function codeOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  return undefined;
}

/** Makes sure the XSRF-TOKEN cookie exists before a state-changing call (any GET to the gateway sets it). */
async function ensureXsrfCookie(signal?: AbortSignal): Promise<string | undefined> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  try {
    // The contract's auth schemas load here, not with the client (a page that only reads never needs them).
    const { getXsrfToken } = await import('@multimfa/api-contract');
    await fetch(getXsrfToken.path, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
  } catch {
    // The call that follows reports the failure.
  }
  return readCookie(XSRF_COOKIE);
}

// ---- the call ----------------------------------------------------------------------------------

async function send<E extends Endpoint>(endpoint: E, options: CallOptions<E>, retried: boolean) {
  const url = buildUrl(endpoint.path, options.params, options.query);
  const headers = new Headers({ Accept: 'application/json', [CORRELATION_HEADER]: correlationId() });
  const init: RequestInit = {
    method: endpoint.method,
    credentials: 'include',
    headers,
    signal: options.signal,
  };
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(options.body);
  }
  if (MUTATING.has(endpoint.method)) {
    const token = await ensureXsrfCookie(options.signal);
    if (token) headers.set(XSRF_HEADER, token);
  }

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const text = error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE;
    throw new ApiError(text, 'network', 0, undefined, undefined, { cause: error });
  }

  const json = await readJson(response);
  const envelope = looseEnvelope.safeParse(json);

  const expired = envelope.success && saysExpired(envelope.data.data);
  if (response.status === 401 || expired) {
    unauthorized(expired && envelope.success ? envelope.data.message || GENERIC_ERROR_MESSAGE : undefined);
  }

  if (!response.ok || (envelope.success && envelope.data.isError)) {
    if (!envelope.success) {
      throw new ApiError(GENERIC_ERROR_MESSAGE, 'http', response.status);
    }
    const code = codeOf(envelope.data.data);
    // A stale or missing XSRF cookie: the refusal has just set a fresh one, so try once more.
    if (response.status === 403 && code === 'XSRF_REJECTED' && !retried) return send(endpoint, options, true);
    const message = envelope.data.message || GENERIC_ERROR_MESSAGE;
    throw new ApiError(message, 'server', response.status, code, envelope.data.data);
  }

  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected response from ${endpoint.method} ${endpoint.path}`, parsed.error);
    throw new ApiError(GENERIC_ERROR_MESSAGE, 'invalid-response', response.status, undefined, undefined, {
      cause: parsed.error,
    });
  }
  return parsed.data as ResponseOf<E>;
}

export const api = {
  /** Calls the endpoint and resolves with its validated envelope; rejects with `ApiError`. */
  call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
    return send(endpoint, options, false);
  },

  /** Like `call`, resolving with the envelope's `data` only. */
  async data<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<DataOf<E>> {
    const response: unknown = await send(endpoint, options, false);
    return (response as { data: DataOf<E> }).data;
  },
};

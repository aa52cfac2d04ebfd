import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const CORRELATION_HEADER = 'x-correlation-id';

interface CorrelationContext {
  correlationId: string;
}

const storage = new AsyncLocalStorage<CorrelationContext>();

/** The correlation id of the HTTP request, Kafka message or job being handled, if any. */
export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

/** Runs `work` with a correlation id that logs and outgoing calls pick up. */
export function withCorrelationId<T>(correlationId: string | undefined, work: () => T): T {
  return storage.run({ correlationId: sanitizeCorrelationId(correlationId) ?? randomUUID() }, work);
}

/** Accepts a caller's id only when it is short and plain, so logs cannot be forged through it. */
export function sanitizeCorrelationId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9._-]{8,128}$/.test(value) ? value : undefined;
}

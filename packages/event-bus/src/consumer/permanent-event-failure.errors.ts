import { RpcException } from '@nestjs/microservices';

/**
 * Thrown by a handler for an event that can never be applied (it contradicts what the service
 * knows): the event goes to the dead-letter topic at once. Every other error is taken as an outage
 * and retried until it passes. An `RpcException`, so it keeps its meaning through Nest's handler
 * pipeline.
 */
export class PermanentEventFailure extends RpcException {
  constructor(readonly reason: string) {
    super({ status: 'error', permanent: true, message: reason });
    this.message = reason;
  }
}

/** Whether what a Nest event handler failed with is a `PermanentEventFailure` (as its filter reports it). */
export function isPermanentFailure(error: unknown): boolean {
  return (
    error instanceof PermanentEventFailure ||
    (typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true)
  );
}

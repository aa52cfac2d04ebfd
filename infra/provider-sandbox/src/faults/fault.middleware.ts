import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Background } from '../shared/background.js';
import type { Logger } from '../shared/logger.js';
import type { FaultStore } from './fault.store.js';
import type { ArmedFault, Provider } from './fault.types.js';

/** Writes `status` as the provider would, with its own error body. */
export type FaultResponder = (res: Response, status: number) => void;

/** Requests held open by `timeout` faults; the sandbox destroys their sockets when it closes. */
export class HeldRequests {
  private readonly held = new Set<Response>();

  hold(req: Request, res: Response): void {
    this.held.add(res);
    req.on('close', () => this.held.delete(res));
  }

  releaseAll(): void {
    for (const res of this.held) res.socket?.destroy();
    this.held.clear();
  }
}

function rateLimitHeaders(res: Response, fault: ArmedFault): void {
  const reset = Math.floor(Date.now() / 1000) + fault.retryAfterSeconds;
  res.setHeader('Retry-After', String(fault.retryAfterSeconds));
  res.setHeader('X-RateLimit-Limit', '100');
  res.setHeader('X-RateLimit-Remaining', '0');
  res.setHeader('X-RateLimit-Reset', String(reset));
}

/**
 * The request is handled as usual, but its answer never leaves: the connection is cut where the
 * answer would be written (the lost answer after a provider accepted a call).
 */
function dropAnswer(res: Response): void {
  const cut = () => {
    res.socket?.destroy();
    return res;
  };
  res.writeHead = cut as unknown as Response['writeHead'];
  res.write = (() => cut() && true) as unknown as Response['write'];
  res.end = cut as unknown as Response['end'];
}

/**
 * The request is handled as usual, but its answer is held: nothing is written and the connection
 * stays open until the caller gives up or the sandbox closes (a timeout after the provider accepted).
 */
function holdAnswer(req: Request, res: Response, held: HeldRequests): void {
  held.hold(req, res);
  const keep = () => res;
  res.writeHead = keep as unknown as Response['writeHead'];
  res.write = (() => true) as unknown as Response['write'];
  res.end = keep as unknown as Response['end'];
}

/** Placed in front of a provider's API routes: applies the next armed fault of that provider, if any. */
export function injectFaults(options: {
  provider: Provider;
  faults: FaultStore;
  held: HeldRequests;
  background: Background;
  logger: Logger;
  respond: FaultResponder;
}): RequestHandler {
  const { provider, faults, held, background, logger, respond } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    const fault = faults.take(provider, { method: req.method, path: `${req.baseUrl}${req.path}` });
    if (!fault) return next();
    logger.info(
      {
        provider,
        fault: fault.id,
        status: fault.status,
        timeout: fault.timeout,
        dropAnswer: fault.dropAnswer,
        holdAnswer: fault.holdAnswer,
        latencyMs: fault.latencyMs,
      },
      'fault injected',
    );
    if (fault.latencyMs > 0) {
      try {
        await background.sleep(fault.latencyMs);
      } catch {
        res.socket?.destroy();
        return;
      }
    }
    if (fault.timeout) {
      held.hold(req, res);
      return;
    }
    if (fault.dropAnswer) {
      dropAnswer(res);
      return next();
    }
    if (fault.holdAnswer) {
      holdAnswer(req, res, held);
      return next();
    }
    if (fault.status === undefined) return next();
    if (fault.status === 429 || fault.status === 503) rateLimitHeaders(res, fault);
    respond(res, fault.status);
  };
}

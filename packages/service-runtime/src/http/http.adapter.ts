import type { IncomingMessage } from 'node:http';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { RouteOf } from './request-context.middleware.js';

/** How a process's HTTP server is built (Fastify's own settings, the few a service chooses). */
export interface HttpOptions {
  /** How many proxies in front of the process to trust for the client's address (Fastify's `trustProxy`). */
  trustProxy?: number;
}

/** A fresh Fastify adapter, and how its requests tell the route they matched. */
export function createHttpAdapter(options: HttpOptions = {}): { adapter: FastifyAdapter; routeOf: RouteOf } {
  // The client's address is the one the last `trustProxy` hops name (Express's `trust proxy` count):
  // Fastify reads a bare count as trusting nobody, so it gets the rule as a function.
  const hops = options.trustProxy ?? 0;
  const adapter = new FastifyAdapter(
    hops > 0 ? { trustProxy: (_address: string, hop: number) => hop < hops } : {},
  );
  // Fastify routes before its first hook; the raw request is what middleware (and so the timer) sees.
  const routes = new WeakMap<IncomingMessage, string>();
  adapter.getInstance().addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url) routes.set(request.raw, request.routeOptions.url);
    done();
  });
  return { adapter, routeOf: (req) => routes.get(req) };
}

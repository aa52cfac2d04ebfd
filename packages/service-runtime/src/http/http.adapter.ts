import type { IncomingMessage } from 'node:http';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { expressRoute, type RouteOf } from './request-context.middleware.js';

/** Which HTTP server a process runs on: services use Fastify; the gateway keeps Express for its sessions. */
export type HttpAdapterKind = 'fastify' | 'express';

/** A fresh adapter of that kind, and how its requests tell the route they matched. */
export function createHttpAdapter(kind: HttpAdapterKind): { adapter: AbstractHttpAdapter; routeOf: RouteOf } {
  if (kind === 'express') return { adapter: new ExpressAdapter(), routeOf: expressRoute };
  const adapter = new FastifyAdapter();
  // Fastify routes before its first hook; the raw request is what middleware (and so the timer) sees.
  const routes = new WeakMap<IncomingMessage, string>();
  adapter.getInstance().addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.url) routes.set(request.raw, request.routeOptions.url);
    done();
  });
  return { adapter, routeOf: (req) => routes.get(req) };
}

import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerKeyHash } from './bot-key.rules.js';
import { BotRateLimiter } from './bot-rate.limiter.js';

const KEY_HASH = Symbol('bot key hash');
type BotRequest = FastifyRequest & { [KEY_HASH]?: string };

/**
 * The bot API's door: a well-formed `Authorization: Bearer` API key (401 otherwise), within its rate
 * limit (429). Whether the key belongs to a live bot is messaging's answer (401 too). Only the key's
 * hash goes further; the key itself is never logged or sent on.
 */
@Injectable()
export class BotKeyGuard implements CanActivate {
  constructor(@Inject(BotRateLimiter) private readonly limiter: BotRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<BotRequest>();
    const hash = bearerKeyHash(request.headers.authorization);
    await this.limiter.consume(hash, context.switchToHttp().getResponse<FastifyReply>().raw);
    request[KEY_HASH] = hash;
    return true;
  }
}

/** The hash BotKeyGuard found on the request. */
export function keyHashOf(request: FastifyRequest): string {
  const hash = (request as BotRequest)[KEY_HASH];
  if (!hash) throw new Error('BotKeyGuard did not run for this route');
  return hash;
}

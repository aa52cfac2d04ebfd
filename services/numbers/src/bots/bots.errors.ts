import { DomainError, NotFoundError } from '@multimfa/service-runtime';

/** One code and status per refusal of bots (a missing RoboMFA: `roboMfaNotFound` in mfas.errors). */

export const botNotFound = () => new NotFoundError('Bot not found', 'BOT_NOT_FOUND');

export const botLimitReached = (limit: number) =>
  new DomainError('BOT_LIMIT_REACHED', `Only ${limit} bot allowed as per current plan`, 409, { limit });

import type { Bot, RoboMfaDetail, UpdateRoboMfaBody } from '@multimfa/api-contract';
import { feedBotState } from '@multimfa/service-contracts/messaging';
import {
  type BotRecord,
  botRecord,
  mfaRecord,
  nothing,
  type RoboMfaDetailRecord,
  roboMfaDetail,
  type SaveMfaRequest,
} from '@multimfa/service-contracts/numbers';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { botKeyHash } from '../bot-api/bot-key.rules.js';
import { toRoboMfa } from '../mfa/mfa.shapes.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { MESSAGING, NUMBERS } from '../upstream/upstream.module.js';

/** A bot as documented. */
export function toBot(bot: BotRecord): Bot {
  return {
    botId: bot.botId,
    referenceName: bot.referenceName,
    APIKey: bot.apiKey,
    isActive: bot.isActive,
    createdAt: bot.createdAt,
  };
}

/** A RoboMFA's detail as documented: the RoboMFA with its bots. */
export function toRoboMfaDetail(detail: RoboMfaDetailRecord): RoboMfaDetail {
  return { ...toRoboMfa(detail.mfa), bots: detail.bots.map(toBot) };
}

/**
 * The RoboMFA detail page's calls; numbers owns RoboMFAs and bots, and checks they are the caller's.
 * Messaging learns of a bot's creation and removal from numbers' events; the gateway also tells it
 * at once, so a new key works and a deleted key is refused as soon as the page has its answer
 * (both idempotent; if messaging cannot be told now, the event still does it moments later).
 */
@Injectable()
export class BotsService {
  constructor(
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
    @Inject(MESSAGING) private readonly messaging: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async details(userId: string, mfaId: string): Promise<RoboMfaDetail> {
    return toRoboMfaDetail(await this.numbers.get(`/users/${userId}/robo-mfas/${mfaId}`, roboMfaDetail));
  }

  /** Saved through numbers' one MFA update (as a RoboMFA: another type answers 404), then shown with its bots. */
  async update(userId: string, mfaId: string, change: UpdateRoboMfaBody): Promise<RoboMfaDetail> {
    await this.numbers.request('PATCH', `/users/${userId}/mfas/${mfaId}`, mfaRecord, {
      ...change,
      MFAType: 'RoboMFA',
    } satisfies SaveMfaRequest);
    return this.details(userId, mfaId);
  }

  async createBot(userId: string, mfaId: string, referenceName: string): Promise<Bot> {
    const bot = await this.numbers.post(`/users/${userId}/robo-mfas/${mfaId}/bots`, botRecord, {
      referenceName,
    });
    await this.messaging
      .put(`/bot-feed/bots/${bot.botId}`, feedBotState, {
        mfaId: bot.mfaId,
        userId,
        keyHash: botKeyHash(bot.apiKey),
        isActive: bot.isActive,
        createdAt: bot.createdAt,
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, botId: bot.botId }, 'bot not registered with messaging yet'),
      );
    return toBot(bot);
  }

  async removeBot(userId: string, botId: string): Promise<void> {
    await this.numbers.request('DELETE', `/users/${userId}/bots/${botId}`, nothing);
    await this.messaging
      .request('DELETE', `/bot-feed/bots/${botId}`, feedBotState)
      .catch((error: unknown) =>
        this.logger.warn({ err: error, botId }, 'bot not revoked in messaging yet; its removal event will'),
      );
  }
}

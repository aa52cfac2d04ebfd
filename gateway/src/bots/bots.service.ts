import type {
  Bot,
  BotLimits,
  RoboMfaDetail,
  RoboMfaMessage,
  UpdateRoboMfaBody,
} from '@multimfa/api-contract';
import { botWaitLimits, feedBotState, roboMfaMessagesList } from '@multimfa/service-contracts/messaging';
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
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
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
    lastUsedAt: bot.lastUsedAt,
  };
}

/** A RoboMFA's detail as documented: the RoboMFA with its bots. */
export function toRoboMfaDetail(detail: RoboMfaDetailRecord): RoboMfaDetail {
  return { ...toRoboMfa(detail.mfa), bots: detail.bots.map(toBot) };
}

/** How many of a RoboMFA's recent texts its page lists. */
const RECENT_TEXTS = 20;

/**
 * The RoboMFA detail page's calls; numbers owns RoboMFAs and bots, and checks they are the caller's;
 * messaging owns the texts and what the bots did with them, and checks the owner too. The bots' limits
 * are this gateway's rate per key and messaging's cap on a key's open waits, as each is configured.
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
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async details(userId: string, mfaId: string): Promise<RoboMfaDetail> {
    return toRoboMfaDetail(await this.numbers.get(`/users/${userId}/robo-mfas/${mfaId}`, roboMfaDetail));
  }

  /** What the bot API allows each key: this gateway's rate per key, messaging's cap on a key's open waits. */
  async limits(): Promise<BotLimits> {
    const waits = await this.messaging.get('/bot-feed/limits', botWaitLimits);
    return { requestsPerMinute: this.config.BOT_RATE_LIMIT_PER_MINUTE, openWaitsPerKey: waits.waitsPerKey };
  }

  /** The RoboMFA's recent texts, newest first, with which bot read, waited for or claimed each. */
  async recentMessages(userId: string, mfaId: string): Promise<RoboMfaMessage[]> {
    const query = new URLSearchParams({ userId, limit: String(RECENT_TEXTS) });
    const { messages } = await this.messaging.get(
      `/robo-mfas/${encodeURIComponent(mfaId)}/messages?${query}`,
      roboMfaMessagesList,
    );
    return messages;
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

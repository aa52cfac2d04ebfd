import { randomUUID } from 'node:crypto';
import { Outbox } from '@multimfa/event-bus';
import { botCreated, botRemoved } from '@multimfa/events';
import type { BotRecord, RoboMfaDetailRecord } from '@multimfa/service-contracts/numbers';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { toMfaRecord } from '../mfas/dto/mfa-record.dto.js';
import { roboMfaNotFound } from '../mfas/mfas.errors.js';
import { MfasRepository } from '../mfas/mfas.repository.js';
import { Bot } from './bot.entity.js';
import { BOT_KEY_CIPHER } from './bot-key-cipher.token.js';
import { type BotKeyCipher, generateBotKey, hashBotKey } from './bot-keys.cipher.js';
import { canAddBot } from './bot-limit.rules.js';
import { botLimitReached, botNotFound } from './bots.errors.js';
import { BotsRepository } from './bots.repository.js';

/** A key in constant use moves its bot's last use once a minute at most (one row write). */
export const KEY_USE_GAP_MS = 60_000;

/**
 * A RoboMFA's detail and its bots. Every call names the signed-in user: another user's RoboMFA or bot
 * answers 404 like one that does not exist. The bot limit is checked with the RoboMFA's row locked,
 * so two creates racing for the last slot cannot both pass. API keys leave only to their owner.
 */
@Injectable()
export class BotsService {
  constructor(
    @Inject(MfasRepository) private readonly mfas: MfasRepository,
    @Inject(BotsRepository) private readonly bots: BotsRepository,
    @Inject(BOT_KEY_CIPHER) private readonly cipher: BotKeyCipher,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async details(userId: string, mfaId: string): Promise<RoboMfaDetailRecord> {
    const view = await this.mfas.find(userId, mfaId);
    if (view?.mfa.mfaType !== 'RoboMFA') throw roboMfaNotFound();
    const bots = await this.bots.listByMfa(mfaId);
    return { mfa: toMfaRecord(view), bots: bots.map((bot) => this.toRecord(bot)) };
  }

  createBot(userId: string, mfaId: string, referenceName: string): Promise<BotRecord> {
    return this.bots.transaction(async (manager) => {
      const limit = await this.bots.lockRoboMfa(manager, userId, mfaId);
      if (limit === undefined) throw roboMfaNotFound();
      if (!canAddBot(await this.bots.countBots(manager, mfaId), limit)) throw botLimitReached(limit);
      const apiKey = generateBotKey();
      const botId = randomUUID();
      const bot = Object.assign(new Bot(), {
        botId,
        mfaId,
        referenceName,
        keyHash: hashBotKey(apiKey),
        keyCiphertext: this.cipher.encrypt(apiKey, botId),
        isActive: true,
        createdAt: this.clock.now(),
        lastUsedAt: null,
      } satisfies Bot);
      await this.bots.insert(manager, bot);
      await this.outbox.publish(manager, botCreated, {
        botId,
        mfaId,
        userId,
        referenceName,
        keyHash: bot.keyHash,
        isActive: true,
        createdAt: bot.createdAt.toISOString(),
      });
      return this.toRecord(bot, apiKey);
    });
  }

  /** Deletes the user's bot: its row goes, so its key stops working with this commit. */
  async removeBot(userId: string, botId: string): Promise<void> {
    await this.bots.transaction(async (manager: EntityManager) => {
      const bot = await this.bots.lockOwnedBot(manager, userId, botId);
      if (!bot) throw botNotFound();
      await this.bots.delete(manager, botId);
      await this.outbox.publish(manager, botRemoved, {
        botId,
        mfaId: bot.mfaId,
        userId,
        keyHash: bot.keyHash,
        removedAt: this.clock.now().toISOString(),
      });
    });
  }

  /** The bot API accepted the key with this hash now; whether its bot's last use moved (see KEY_USE_GAP_MS). */
  noteKeyUse(keyHash: string): Promise<boolean> {
    return this.bots.noteKeyUse(keyHash, this.clock.now(), KEY_USE_GAP_MS);
  }

  private toRecord(bot: Bot, apiKey = this.cipher.decrypt(bot.keyCiphertext, bot.botId)): BotRecord {
    return {
      botId: bot.botId,
      mfaId: bot.mfaId,
      referenceName: bot.referenceName,
      apiKey,
      isActive: bot.isActive,
      createdAt: bot.createdAt.toISOString(),
      lastUsedAt: bot.lastUsedAt?.toISOString() ?? null,
    };
  }
}

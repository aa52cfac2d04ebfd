import type { Bot, RoboMfaDetail, UpdateRoboMfaBody } from '@multimfa/api-contract';
import {
  type BotRecord,
  botRecord,
  nothing,
  type RoboMfaDetailRecord,
  roboMfaDetail,
} from '@multimfa/numbers/contract';
import { Inject, Injectable } from '@nestjs/common';
import { toRoboMfa } from '../mfa/mfa-shapes.js';
import type { ServiceClient } from '../upstream/service-client.js';
import { NUMBERS } from '../upstream/upstream.module.js';

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

/** The RoboMFA detail page's calls; numbers owns RoboMFAs and bots, and checks they are the caller's. */
@Injectable()
export class BotsService {
  constructor(@Inject(NUMBERS) private readonly numbers: ServiceClient) {}

  async details(userId: string, mfaId: string): Promise<RoboMfaDetail> {
    return toRoboMfaDetail(await this.numbers.get(`/users/${userId}/robo-mfas/${mfaId}`, roboMfaDetail));
  }

  async update(userId: string, mfaId: string, change: UpdateRoboMfaBody): Promise<RoboMfaDetail> {
    return toRoboMfaDetail(
      await this.numbers.request('PUT', `/users/${userId}/robo-mfas/${mfaId}`, roboMfaDetail, change),
    );
  }

  async createBot(userId: string, mfaId: string, referenceName: string): Promise<Bot> {
    return toBot(
      await this.numbers.post(`/users/${userId}/robo-mfas/${mfaId}/bots`, botRecord, { referenceName }),
    );
  }

  async removeBot(userId: string, botId: string): Promise<void> {
    await this.numbers.request('DELETE', `/users/${userId}/bots/${botId}`, nothing);
  }
}

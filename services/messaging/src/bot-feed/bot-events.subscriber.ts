import { EventContext } from '@multimfa/event-bus';
import { botCreated, botRemoved, type PayloadOf } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { BotFeedService } from './bot-feed.service.js';

/** Numbers' bot events keep messaging's view of the bots (applied once per event id by the consumer). */
@Controller()
export class BotEventsSubscriber {
  constructor(@Inject(BotFeedService) private readonly feed: BotFeedService) {}

  @EventPattern(botCreated)
  async onCreated(@Payload() bot: PayloadOf<typeof botCreated>, @Ctx() context: EventContext): Promise<void> {
    await this.feed.register(
      bot.botId,
      {
        mfaId: bot.mfaId,
        userId: bot.userId,
        keyHash: bot.keyHash,
        isActive: bot.isActive,
        createdAt: bot.createdAt,
      },
      context.getManager(),
    );
    context.afterCommit(() => this.feed.changed({ botId: bot.botId }));
  }

  @EventPattern(botRemoved)
  async onRemoved(@Payload() bot: PayloadOf<typeof botRemoved>, @Ctx() context: EventContext): Promise<void> {
    await this.feed.revoke(
      bot.botId,
      { keyHash: bot.keyHash, removedAt: new Date(bot.removedAt) },
      context.getManager(),
    );
    context.afterCommit(() => this.feed.changed({ botId: bot.botId }));
  }
}

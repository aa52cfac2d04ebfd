import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { MessagingConfig } from '../config/messaging.config.js';
import { Arrivals, RedisArrivals } from './arrivals.js';
import { BotEventsSubscriber } from './bot-events.subscriber.js';
import { BotFeedController } from './bot-feed.controller.js';
import { BotFeedService } from './bot-feed.service.js';
import { FeedBotsRepository } from './feed-bots.repository.js';
import { FeedMessagesRepository } from './feed-messages.repository.js';

/** The bot feed: bots from numbers' events, their RoboMFA's texts, waits woken by Redis, claims. */
@Module({})
export class BotFeedModule {
  static forRoot(config: MessagingConfig): DynamicModule {
    return {
      module: BotFeedModule,
      providers: [
        {
          provide: Arrivals,
          inject: [LOGGER],
          useFactory: (logger: Logger) =>
            new RedisArrivals(config.REDIS_URL, logger.child({ component: 'bot-feed' })),
        },
        FeedBotsRepository,
        FeedMessagesRepository,
        BotFeedService,
      ],
      controllers: [BotEventsSubscriber, BotFeedController],
    };
  }
}

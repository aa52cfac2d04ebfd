import { Clock, LOGGER, type Logger, QUEUE_CONNECTION } from '@multimfa/service-runtime';
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { BotActivityModule } from '../bot-activity/bot-activity.module.js';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { QueueModule } from '../queue/queue.module.js';
import { Arrivals, RedisArrivals } from './arrivals.channel.js';
import { BotEventsSubscriber } from './bot-events.subscriber.js';
import { BotFeedController } from './bot-feed.controller.js';
import { BotFeedService } from './bot-feed.service.js';
import { BotKeyCache, RedisBotKeyCache } from './bot-key.cache.js';
import { FeedBotsRepository } from './feed-bots.repository.js';
import { FeedMessagesRepository } from './feed-messages.repository.js';
import { RedisWaitSlots, WaitSlots } from './wait-slots.limiter.js';

/**
 * The bot feed: bots from numbers' events, their RoboMFA's texts, waits woken by Redis (capped per key
 * and per RoboMFA), claims. Its key cache is exported for the directory, which tells it of MFA changes.
 */
@Module({})
export class BotFeedModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: BotFeedModule,
    imports: [QueueModule.forRoot(config), BotActivityModule],
    providers: [
      {
        provide: BotKeyCache,
        inject: [QUEUE_CONNECTION, Clock, LOGGER],
        useFactory: (publisher: Redis, clock: Clock, logger: Logger) =>
          new RedisBotKeyCache(config.REDIS_URL, publisher, clock, logger.child({ component: 'bot-keys' })),
      },
      {
        provide: Arrivals,
        inject: [LOGGER],
        useFactory: (logger: Logger) =>
          new RedisArrivals(config.REDIS_URL, logger.child({ component: 'bot-feed' })),
      },
      {
        provide: WaitSlots,
        inject: [LOGGER],
        useFactory: (logger: Logger) =>
          new RedisWaitSlots(
            config.REDIS_URL,
            `${config.REDIS_KEY_PREFIX}${config.KAFKA_TOPIC_PREFIX}`,
            { perKey: config.BOT_WAITS_PER_KEY, perRoboMfa: config.BOT_WAITS_PER_ROBOMFA },
            logger.child({ component: 'bot-feed' }),
          ),
      },
      FeedBotsRepository,
      FeedMessagesRepository,
      BotFeedService,
    ],
    controllers: [BotEventsSubscriber, BotFeedController],
    exports: [BotKeyCache],
  }));
}

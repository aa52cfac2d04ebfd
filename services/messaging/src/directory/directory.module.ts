import { Module } from '@nestjs/common';
import { BotFeedModule } from '../bot-feed/bot-feed.module.js';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { DirectoryRepository } from './directory.repository.js';
import { DirectorySubscriber } from './directory.subscriber.js';

/**
 * Messaging's view of numbers' MFAs, numbers and members, kept from their events: who owns a number,
 * who its texts go to. The bot feed's key cache is told when an MFA changes.
 */
@Module({})
export class DirectoryModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: DirectoryModule,
    imports: [BotFeedModule.forRoot(config)],
    providers: [DirectoryRepository],
    controllers: [DirectorySubscriber],
    exports: [DirectoryRepository],
  }));
}

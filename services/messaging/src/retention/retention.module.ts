import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { QueueModule } from '../queue/queue.module.js';
import { ContentRetentionRepository } from './content-retention.repository.js';
import { RetentionService } from './retention.service.js';
import { RetentionSubscriber } from './retention.subscriber.js';
import { RetentionWorker } from './retention.worker.js';

/**
 * Retention: each MFA's retention as numbers publishes it, and the scheduled sweep that deletes the
 * bodies and codes of texts past it (the metadata stays).
 */
@Module({})
export class RetentionModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: RetentionModule,
    imports: [QueueModule.forRoot(config)],
    providers: [ContentRetentionRepository, RetentionService, RetentionWorker],
    controllers: [RetentionSubscriber],
  }));
}

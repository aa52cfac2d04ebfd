import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { EmailModule } from '../email/email.module.js';
import { SubscriptionNoticesRepository } from './subscription-notices.repository.js';
import { SubscriptionNoticesService } from './subscription-notices.service.js';
import { SubscriptionsSubscriber } from './subscriptions.subscriber.js';

/** Billing's notices to customers by e-mail: an expired subscription. */
@Module({})
export class BillingNoticesModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: BillingNoticesModule,
    imports: [EmailModule.forRoot(config)],
    providers: [SubscriptionNoticesRepository, SubscriptionNoticesService],
    controllers: [SubscriptionsSubscriber],
  }));
}

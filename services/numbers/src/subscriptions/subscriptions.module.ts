import { type DynamicModule, Module } from '@nestjs/common';
import { MfasRepository, TypeOrmMfasRepository } from '../mfas/mfas.repository.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { SubscriptionsSubscriber } from './subscriptions.subscriber.js';

/** Billing's expiries and renewals: MFAs inactive or active again, their numbers reserved or restored. */
@Module({})
export class SubscriptionsModule {
  static forRoot(holding: DynamicModule, allocation: DynamicModule): DynamicModule {
    return {
      module: SubscriptionsModule,
      imports: [holding, allocation],
      controllers: [SubscriptionsSubscriber],
      providers: [
        SubscriptionsRepository,
        SubscriptionsService,
        { provide: MfasRepository, useClass: TypeOrmMfasRepository },
      ],
    };
  }
}

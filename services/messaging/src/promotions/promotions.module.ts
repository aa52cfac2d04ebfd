import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { EmailModule } from '../email/email.module.js';
import { PromotionEmailsRepository } from './promotion-emails.repository.js';
import { PromotionEmailsService } from './promotion-emails.service.js';
import { PromotionsSubscriber } from './promotions.subscriber.js';
import { UnsubscribeController } from './unsubscribe.controller.js';
import { UnsubscribeLink } from './unsubscribe-link.signer.js';

/** Promotional e-mails: the waitlist's code, discount offers to prospects, and their unsubscribe link. */
@Module({})
export class PromotionsModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: PromotionsModule,
    imports: [EmailModule.forRoot(config)],
    providers: [
      PromotionEmailsRepository,
      PromotionEmailsService,
      // Its own key, derived from the sealing key: only messaging makes and checks the links.
      {
        provide: UnsubscribeLink,
        useFactory: () => new UnsubscribeLink(`unsubscribe:${config.EVENT_SEALING_KEY}`),
      },
    ],
    controllers: [PromotionsSubscriber, UnsubscribeController],
  }));
}

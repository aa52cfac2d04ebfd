import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CardsModule } from '../cards/cards.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { DiscountsModule } from '../discounts/discounts.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { WaitlistOffersModule } from '../waitlist-offers/waitlist-offers.module.js';
import { Checkout } from './checkout.entity.js';
import { CheckoutsService } from './checkouts.service.js';
import { Invoice } from './invoice.entity.js';
import { Payment } from './payment.entity.js';
import { PurchasesController } from './purchases.controller.js';
import { PurchasesRepository } from './purchases.repository.js';
import { PurchasesService } from './purchases.service.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { Subscription } from './subscription.entity.js';
import { SubscriptionsSubscriber } from './subscriptions.subscriber.js';
import { UserStanding } from './user-standing.entity.js';

/** Buying a number: checkouts and their payment, completion exactly once, Stripe's webhook. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Checkout, Subscription, Payment, Invoice, UserStanding]),
    PlansModule,
    DiscountsModule,
    CustomersModule,
    WaitlistOffersModule,
    CardsModule,
    UsageModule,
  ],
  controllers: [PurchasesController, StripeWebhookController, SubscriptionsSubscriber],
  providers: [PurchasesRepository, CheckoutsService, PurchasesService, StripeWebhookService],
})
export class PurchasesModule {}

import { type Logger, ServiceRuntimeModule } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access/access.guard.js';
import { VerifiedEmailGuard } from './access/verified-email.guard.js';
import { AdminDiscountsService } from './admin-discounts/admin-discounts.service.js';
import { AdminNumbersService } from './admin-numbers/admin-numbers.service.js';
import { AdminReportingService } from './admin-reporting/admin-reporting.service.js';
import { AdminUsersService } from './admin-users/admin-users.service.js';
import { AccountsService } from './auth/accounts.service.js';
import { CodeCheckThrottleService } from './auth/code-check-throttle.service.js';
import { LoginThrottleService } from './auth/login-throttle.service.js';
import { SignUpThrottleService } from './auth/sign-up-throttle.service.js';
import { BotApiService } from './bot-api/bot-api.service.js';
import { BotKeyGuard } from './bot-api/bot-key.guard.js';
import { BotKeyUses } from './bot-api/bot-key-use.recorder.js';
import { BotRateLimiter } from './bot-api/bot-rate.limiter.js';
import { BotsService } from './bots/bots.service.js';
import { CardsService } from './cards/cards.service.js';
import { CodeAuditService } from './code-audit/code-audit.service.js';
import type { GatewayConfig } from './config/gateway.config.js';
import { GATEWAY_CONFIG } from './config/gateway-config.token.js';
import { ContactService } from './contact/contact.service.js';
import { ContactThrottleService } from './contact/contact-throttle.service.js';
import { controllers } from './controllers.list.js';
import { DestinationsService } from './destinations/destinations.service.js';
import { DiscountMailingService } from './discount-mailing/discount-mailing.service.js';
import { InvitationsService } from './members/invitations.service.js';
import { MembersService } from './members/members.service.js';
import { MessagesService } from './messages/messages.service.js';
import { MfasService } from './mfa/mfas.service.js';
import { OffboardingService } from './offboarding/offboarding.service.js';
import { PaymentService } from './payment/payment.service.js';
import { PaymentCustomerService } from './payment/payment-customer.service.js';
import { PlansService } from './plan/plans.service.js';
import { PromotionService } from './promotion/promotion.service.js';
import { PromotionThrottleService } from './promotion/promotion-throttle.service.js';
import { GatewayRedis } from './redis/gateway-redis.client.js';
import { RetentionService } from './retention/retention.service.js';
import { SessionsService } from './session/sessions.service.js';
import { UpstreamModule } from './upstream/upstream.module.js';
import { webhookProviders } from './webhooks/webhook.providers.js';

/** The gateway: the documented /api surface, sessions, XSRF, rate limits; calls the services. */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forRoot({ service: 'gateway', logger, redisUrl: config.REDIS_URL }),
        UpstreamModule.forRoot(config, logger),
      ],
      controllers,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        {
          provide: GatewayRedis,
          useFactory: () => new GatewayRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX).connect(),
        },
        AccountsService,
        SessionsService,
        LoginThrottleService,
        CodeCheckThrottleService,
        SignUpThrottleService,
        PlansService,
        AdminNumbersService,
        PaymentService,
        PaymentCustomerService,
        MfasService,
        ContactService,
        ContactThrottleService,
        MembersService,
        InvitationsService,
        BotsService,
        CardsService,
        CodeAuditService,
        BotApiService,
        BotKeyUses,
        BotRateLimiter,
        BotKeyGuard,
        AdminUsersService,
        AdminDiscountsService,
        DiscountMailingService,
        PromotionService,
        PromotionThrottleService,
        AdminReportingService,
        MessagesService,
        DestinationsService,
        RetentionService,
        OffboardingService,
        ...webhookProviders(config),
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_GUARD, useClass: VerifiedEmailGuard },
      ],
    };
  }
}

import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { BillingConfig } from '../config/billing.config.js';
import { PaymentsProvider } from './payments-provider.port.js';
import { StripePaymentsProvider } from './stripe-payments.adapter.js';

/** The card payment provider, for every feature of billing: Stripe's SDK at the configured API host. */
@Global()
@Module({})
export class StripeModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: StripeModule,
      providers: [
        {
          provide: PaymentsProvider,
          useValue: new StripePaymentsProvider({
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            host: config.STRIPE_API_HOST,
            port: config.STRIPE_API_PORT,
            protocol: config.STRIPE_API_PROTOCOL,
          }),
        },
      ],
      exports: [PaymentsProvider],
    };
  }
}

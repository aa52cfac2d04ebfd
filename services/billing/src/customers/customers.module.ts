import { type DynamicModule, Module } from '@nestjs/common';
import type { BillingConfig } from '../config/billing.config.js';
import { PaymentsProvider, StripePaymentsProvider } from '../stripe/payments-provider.js';
import { CustomersController } from './customers.controller.js';
import { CustomersService } from './customers.service.js';

@Module({})
export class CustomersModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: CustomersModule,
      controllers: [CustomersController],
      providers: [
        CustomersService,
        {
          provide: PaymentsProvider,
          useValue: new StripePaymentsProvider({
            secretKey: config.STRIPE_SECRET_KEY,
            host: config.STRIPE_API_HOST,
            port: config.STRIPE_API_PORT,
            protocol: config.STRIPE_API_PROTOCOL,
          }),
        },
      ],
      exports: [CustomersService],
    };
  }
}

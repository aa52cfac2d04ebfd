import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { BillingConfig } from '../config/billing.config.js';
import { PaymentsProvider, StripePaymentsProvider } from '../stripe/payments-provider.js';
import { CustomersController } from './customers.controller.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';
import { StripeCustomer } from './stripe-customer.entity.js';

@Global()
@Module({})
export class CustomersModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: CustomersModule,
      imports: [TypeOrmModule.forFeature([StripeCustomer])],
      controllers: [CustomersController],
      providers: [
        CustomersService,
        CustomersRepository,
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

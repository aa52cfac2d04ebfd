import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers/customers.module.js';
import { CardsController } from './cards.controller.js';
import { CardsRepository } from './cards.repository.js';
import { CardsService } from './cards.service.js';
import { SavedCardRow } from './saved-card.entity.js';

/** Credit Card Management: the user's saved cards (Stripe PaymentMethods) and the default one. */
@Module({
  imports: [TypeOrmModule.forFeature([SavedCardRow]), CustomersModule],
  controllers: [CardsController],
  providers: [CardsRepository, CardsService],
  exports: [CardsRepository, CardsService],
})
export class CardsModule {}

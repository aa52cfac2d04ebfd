import {
  addCardRequest,
  cardIdParam,
  type SavedCard,
  stripeCustomerIdParam,
  type UpdateCardRequest,
  updateCardRequest,
  userIdParam,
} from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import type { z } from 'zod';
import { CardsService } from './cards.service.js';

const userId = new ZodPipe(userIdParam);
const customerId = new ZodPipe(stripeCustomerIdParam);
const cardId = new ZodPipe(cardIdParam);

@Controller('users/:userId/customers/:stripeCustomerId/cards')
export class CardsController {
  constructor(@Inject(CardsService) private readonly cards: CardsService) {}

  @Get()
  list(
    @Param('userId', userId) user: string,
    @Param('stripeCustomerId', customerId) customer: string,
  ): Promise<SavedCard[]> {
    return this.cards.list(user, customer);
  }

  @Post()
  @HttpCode(200)
  add(
    @Param('userId', userId) user: string,
    @Param('stripeCustomerId', customerId) customer: string,
    @Body(new ZodPipe(addCardRequest)) body: z.output<typeof addCardRequest>,
  ): Promise<SavedCard> {
    return this.cards.add(user, customer, body.paymentMethodId);
  }

  @Get(':cardId')
  get(
    @Param('userId', userId) user: string,
    @Param('stripeCustomerId', customerId) customer: string,
    @Param('cardId', cardId) card: string,
  ): Promise<SavedCard> {
    return this.cards.get(user, customer, card);
  }

  @Patch(':cardId')
  update(
    @Param('userId', userId) user: string,
    @Param('stripeCustomerId', customerId) customer: string,
    @Param('cardId', cardId) card: string,
    @Body(new ZodPipe(updateCardRequest)) body: UpdateCardRequest,
  ): Promise<SavedCard> {
    return this.cards.update(user, customer, card, body);
  }

  @Delete(':cardId')
  @HttpCode(200)
  async remove(
    @Param('userId', userId) user: string,
    @Param('stripeCustomerId', customerId) customer: string,
    @Param('cardId', cardId) card: string,
  ): Promise<{ deleted: true }> {
    await this.cards.remove(user, customer, card);
    return { deleted: true };
  }
}

import {
  addCard,
  type addCardBody,
  CARD_DELETED_MESSAGE,
  CARD_SAVED_MESSAGE,
  CARD_UPDATED_MESSAGE,
  deleteCard,
  type Envelope,
  getCard,
  getMfaUsage,
  INVOICE_PAID_MESSAGE,
  type InvoiceEntry,
  listCards,
  listInvoices,
  type MfaUsage,
  payInvoice,
  type payInvoiceBody,
  type SavedCard,
  type UpdateCardBody,
  updateCard,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { CardsService } from './cards.service.js';

type CardParams = { stripeCustomerId: string; cardId: string };

/** Credit Card Management, Add Card and Invoice Management (signed-in customers, their own only). */
@Controller()
export class CardsController {
  constructor(@Inject(CardsService) private readonly cards: CardsService) {}

  @Serves(addCard)
  @HttpCode(200)
  async add(
    @SignedInUserId() userId: string,
    @Body() body: z.output<typeof addCardBody>,
  ): Promise<Envelope<SavedCard>> {
    return ok(await this.cards.add(userId, body.stripeCustomerId, body.token), CARD_SAVED_MESSAGE);
  }

  @Serves(listCards)
  async list(
    @SignedInUserId() userId: string,
    @Param() params: { stripeCustomerId: string },
  ): Promise<Envelope<SavedCard[]>> {
    return ok(await this.cards.list(userId, params.stripeCustomerId));
  }

  @Serves(getCard)
  async get(@SignedInUserId() userId: string, @Param() params: CardParams): Promise<Envelope<SavedCard>> {
    return ok(await this.cards.get(userId, params.stripeCustomerId, params.cardId));
  }

  @Serves(updateCard)
  async update(
    @SignedInUserId() userId: string,
    @Param() params: CardParams,
    @Body() body: UpdateCardBody,
  ): Promise<Envelope<SavedCard>> {
    return ok(
      await this.cards.update(userId, params.stripeCustomerId, params.cardId, body),
      CARD_UPDATED_MESSAGE,
    );
  }

  @Serves(deleteCard)
  async remove(@SignedInUserId() userId: string, @Param() params: CardParams): Promise<Envelope<null>> {
    await this.cards.remove(userId, params.stripeCustomerId, params.cardId);
    return ok(null, CARD_DELETED_MESSAGE);
  }

  @Serves(listInvoices)
  async invoices(
    @SignedInUserId() userId: string,
    @Param() params: { appUserId: string },
  ): Promise<Envelope<InvoiceEntry[]>> {
    return ok(await this.cards.invoices(userId, params.appUserId));
  }

  @Serves(payInvoice)
  @HttpCode(200)
  async pay(
    @SignedInUserId() userId: string,
    @Body() body: z.output<typeof payInvoiceBody>,
  ): Promise<Envelope<InvoiceEntry[]>> {
    return ok(await this.cards.payInvoice(userId, body.invoiceId, body.stripeCardId), INVOICE_PAID_MESSAGE);
  }

  @Serves(getMfaUsage)
  async usage(
    @SignedInUserId() userId: string,
    @Param() params: { mfaId: string },
  ): Promise<Envelope<MfaUsage>> {
    return ok(await this.cards.usage(userId, params.mfaId));
  }
}

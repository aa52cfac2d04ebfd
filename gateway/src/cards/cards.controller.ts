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
import { Body, Controller, HttpCode, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SessionsService } from '../session/sessions.service.js';
import { CardsService } from './cards.service.js';

type CardParams = { stripeCustomerId: string; cardId: string };

/** Credit Card Management, Add Card and Invoice Management (signed-in customers, their own only). */
@Controller()
export class CardsController {
  constructor(
    @Inject(CardsService) private readonly cards: CardsService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  private userId(req: Request): string {
    return this.sessions.signedInUserId(req) ?? '';
  }

  @Serves(addCard)
  @HttpCode(200)
  async add(@Req() req: Request, @Body() body: z.output<typeof addCardBody>): Promise<Envelope<SavedCard>> {
    return ok(await this.cards.add(this.userId(req), body.stripeCustomerId, body.token), CARD_SAVED_MESSAGE);
  }

  @Serves(listCards)
  async list(
    @Req() req: Request,
    @Param() params: { stripeCustomerId: string },
  ): Promise<Envelope<SavedCard[]>> {
    return ok(await this.cards.list(this.userId(req), params.stripeCustomerId));
  }

  @Serves(getCard)
  async get(@Req() req: Request, @Param() params: CardParams): Promise<Envelope<SavedCard>> {
    return ok(await this.cards.get(this.userId(req), params.stripeCustomerId, params.cardId));
  }

  @Serves(updateCard)
  async update(
    @Req() req: Request,
    @Param() params: CardParams,
    @Body() body: UpdateCardBody,
  ): Promise<Envelope<SavedCard>> {
    return ok(
      await this.cards.update(this.userId(req), params.stripeCustomerId, params.cardId, body),
      CARD_UPDATED_MESSAGE,
    );
  }

  @Serves(deleteCard)
  async remove(@Req() req: Request, @Param() params: CardParams): Promise<Envelope<null>> {
    await this.cards.remove(this.userId(req), params.stripeCustomerId, params.cardId);
    return ok(null, CARD_DELETED_MESSAGE);
  }

  @Serves(listInvoices)
  async invoices(
    @Req() req: Request,
    @Param() params: { appUserId: string },
  ): Promise<Envelope<InvoiceEntry[]>> {
    return ok(await this.cards.invoices(this.userId(req), params.appUserId));
  }

  @Serves(payInvoice)
  @HttpCode(200)
  async pay(
    @Req() req: Request,
    @Body() body: z.output<typeof payInvoiceBody>,
  ): Promise<Envelope<InvoiceEntry[]>> {
    return ok(
      await this.cards.payInvoice(this.userId(req), body.invoiceId, body.stripeCardId),
      INVOICE_PAID_MESSAGE,
    );
  }

  @Serves(getMfaUsage)
  async usage(@Req() req: Request, @Param() params: { mfaId: string }): Promise<Envelope<MfaUsage>> {
    return ok(await this.cards.usage(this.userId(req), params.mfaId));
  }
}

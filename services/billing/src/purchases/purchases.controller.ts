import {
  type CheckoutAnswer,
  type CheckoutQuote,
  type CheckoutRequest,
  type CompletePurchaseRequest,
  checkoutRequest,
  completePurchaseRequest,
  type PurchaseCompleted,
  userIdParam,
} from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CheckoutsService } from './checkouts.service.js';
import { PurchasesService } from './purchases.service.js';

const userId = new ZodPipe(userIdParam);

@Controller('users/:userId')
export class PurchasesController {
  constructor(
    @Inject(CheckoutsService) private readonly checkouts: CheckoutsService,
    @Inject(PurchasesService) private readonly purchases: PurchasesService,
  ) {}

  /** Records what the user is buying and opens its card payment. */
  @Post('checkouts')
  @HttpCode(200)
  checkout(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(checkoutRequest)) body: CheckoutRequest,
  ): Promise<CheckoutAnswer> {
    return this.checkouts.create(id, body);
  }

  /** The amounts a checkout of this request would charge now (the payment page's quote). */
  @Post('checkouts/quote')
  @HttpCode(200)
  quote(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(checkoutRequest)) body: CheckoutRequest,
  ): Promise<CheckoutQuote> {
    return this.checkouts.quote(id, body);
  }

  /** Completes the user's paid (or free) checkout; the same answer however often it is asked. */
  @Post('purchases/complete')
  @HttpCode(200)
  complete(
    @Param('userId', userId) id: string,
    @Body(new ZodPipe(completePurchaseRequest)) body: CompletePurchaseRequest,
  ): Promise<PurchaseCompleted> {
    return this.purchases.complete(id, body);
  }
}

import {
  DISCOUNT_MAILS_SAVED_MESSAGE,
  type DiscountMailsSaved,
  type Envelope,
  listProspects,
  type ProspectView,
  type SaveDiscountMailsBody,
  saveDiscountMails,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { DiscountMailingService } from './discount-mailing.service.js';

/** /admin/discount-emails (administrators only: the contract says so, the guard enforces it). */
@Controller()
export class DiscountMailingController {
  constructor(@Inject(DiscountMailingService) private readonly mailing: DiscountMailingService) {}

  @Serves(listProspects)
  async prospects(): Promise<Envelope<ProspectView[]>> {
    return ok(await this.mailing.prospects());
  }

  @Serves(saveDiscountMails)
  @HttpCode(200)
  async save(@Body() body: SaveDiscountMailsBody): Promise<Envelope<DiscountMailsSaved>> {
    return ok(await this.mailing.save(body), DISCOUNT_MAILS_SAVED_MESSAGE);
  }
}

import type { DiscountMailsSaved, ProspectView, SaveDiscountMailsBody } from '@multimfa/api-contract';
import { discountMailsSaved } from '@multimfa/service-contracts/billing';
import { prospects } from '@multimfa/service-contracts/identity';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING, IDENTITY } from '../upstream/upstream.module.js';

/** The Discounts Mailing List: prospects from identity (the waitlist), the send through billing. */
@Injectable()
export class DiscountMailingService {
  constructor(
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(BILLING) private readonly billing: ServiceClient,
  ) {}

  prospects(): Promise<ProspectView[]> {
    return this.identity.get('/admin/prospects', prospects);
  }

  save(selection: SaveDiscountMailsBody): Promise<DiscountMailsSaved> {
    return this.billing.post('/admin/discount-mailings', discountMailsSaved, selection);
  }
}

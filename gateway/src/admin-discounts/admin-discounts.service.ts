import type {
  ActiveDiscount,
  CreateDiscountBody,
  Discount,
  DiscountsQuery,
  UpdateDiscountBody,
} from '@multimfa/api-contract';
import { adminActiveDiscount, adminDiscount } from '@multimfa/service-contracts/billing';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING } from '../upstream/upstream.module.js';

/** Built once, not on every call, as the country list's schema is (`countries.controller.ts`). */
const discountList = z.array(adminDiscount);
const activeDiscountList = z.array(adminActiveDiscount);

/** Discount Management's calls, answered by billing, which owns the codes and their rules. */
@Injectable()
export class AdminDiscountsService {
  constructor(@Inject(BILLING) private readonly billing: ServiceClient) {}

  list(query: DiscountsQuery): Promise<Discount[]> {
    const search = new URLSearchParams(
      Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    return this.billing.get(`/admin/discounts${search.size ? `?${search}` : ''}`, discountList);
  }

  active(): Promise<ActiveDiscount[]> {
    return this.billing.get('/admin/discounts/active', activeDiscountList);
  }

  get(id: string): Promise<Discount> {
    return this.billing.get(`/admin/discounts/${id}`, adminDiscount);
  }

  create(body: CreateDiscountBody): Promise<Discount> {
    return this.billing.post('/admin/discounts', adminDiscount, body);
  }

  update(id: string, body: UpdateDiscountBody): Promise<Discount> {
    return this.billing.request('PATCH', `/admin/discounts/${id}`, adminDiscount, body);
  }

  async remove(id: string): Promise<void> {
    await this.billing.request('DELETE', `/admin/discounts/${id}`, z.null());
  }
}

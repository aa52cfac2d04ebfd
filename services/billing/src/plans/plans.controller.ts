import { type CatalogPlan, planListQuery } from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Controller, Get, Inject, Query } from '@nestjs/common';
import type { z } from 'zod';
import { PlansService } from './plans.service.js';

@Controller('plans')
export class PlansController {
  constructor(@Inject(PlansService) private readonly plans: PlansService) {}

  @Get()
  list(@Query(new ZodPipe(planListQuery)) query: z.output<typeof planListQuery>): Promise<CatalogPlan[]> {
    return this.plans.listForSale(query.mfaType);
  }
}

import type { Plan } from '@multimfa/api-contract';
import { type CatalogPlan, catalogPlan, type MfaType } from '@multimfa/service-contracts/billing';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING } from '../upstream/upstream.module.js';

const catalogPlans = z.array(catalogPlan);

/** A catalogue plan as the pricing pages show it. */
function toPlan(plan: CatalogPlan): Plan {
  return {
    planId: plan.planId,
    planName: plan.planName,
    description: plan.description,
    basePrice: plan.basePrice,
    noOfUsers: plan.noOfUsers,
    features: plan.features,
  };
}

/** The plan calls of /api/plan: billing owns the catalogue. */
@Injectable()
export class PlansService {
  constructor(@Inject(BILLING) private readonly billing: ServiceClient) {}

  async list(mfaType: MfaType): Promise<{ plans: Plan[] }> {
    const plans = await this.billing.get(`/plans?mfaType=${mfaType}`, catalogPlans);
    return { plans: plans.map(toPlan) };
  }
}

import { type Envelope, listPlans, listRoboMfaPlans, type Plan } from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Controller, Inject } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { PlansService } from './plans.service.js';

@Controller()
export class PlansController {
  constructor(@Inject(PlansService) private readonly plans: PlansService) {}

  @Serves(listPlans)
  async list(): Promise<Envelope<{ plans: Plan[] }>> {
    return ok(await this.plans.list('MultiMFA'));
  }

  @Serves(listRoboMfaPlans)
  async listRoboMfa(): Promise<Envelope<{ plans: Plan[] }>> {
    return ok(await this.plans.list('RoboMFA'));
  }
}

import type { MfaType } from '@multimfa/service-contracts/billing';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Plan } from './plan.entity.js';

/** Reads of the plan catalogue. */
export abstract class PlansRepository {
  /** The plans on sale for one kind of number, cheapest first. */
  abstract listActive(mfaType: MfaType): Promise<Plan[]>;
  /** One plan on sale, or null when there is none of that id and kind. */
  abstract findActive(planId: number, mfaType?: MfaType): Promise<Plan | null>;
}

@Injectable()
export class TypeOrmPlansRepository extends PlansRepository {
  constructor(@InjectRepository(Plan) private readonly plans: Repository<Plan>) {
    super();
  }

  listActive(mfaType: MfaType): Promise<Plan[]> {
    return this.plans.find({
      where: { mfaType, isActive: true },
      order: { basePriceCents: 'ASC', id: 'ASC' },
    });
  }

  findActive(planId: number, mfaType?: MfaType): Promise<Plan | null> {
    return this.plans.findOneBy({ id: planId, isActive: true, ...(mfaType ? { mfaType } : {}) });
  }
}

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { MfaType } from '@multimfa/service-contracts/billing';
import type { Plan } from './plan.entity.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';

/** Answers its rows as they are: which plans are on sale, and their order, is the SQL's (integration). */
class InMemoryPlans extends PlansRepository {
  constructor(private readonly rows: Plan[]) {
    super();
  }
  async listActive(mfaType: MfaType) {
    return this.rows.filter((row) => row.mfaType === mfaType);
  }
  async findActive(planId: number) {
    return this.rows.find((row) => row.id === planId) ?? null;
  }
}

function plan(fields: Partial<Plan> & Pick<Plan, 'id' | 'mfaType' | 'name' | 'basePriceCents'>): Plan {
  return {
    description: `${fields.name} plan`,
    noOfUsers: 2,
    textsPerMonth: 100,
    extraTextPriceCents: 2,
    features: [],
    isActive: true,
    ...fields,
  };
}

describe('PlansService', () => {
  it('sells a plan in dollars with its figures written out as the first lines of its features', async () => {
    const service = new PlansService(
      new InMemoryPlans([
        plan({
          id: 2,
          mfaType: 'MultiMFA',
          name: 'Professional',
          basePriceCents: 1500,
          noOfUsers: 5,
          textsPerMonth: 500,
          features: ['Members join by invitation'],
        }),
      ]),
    );
    assert.deepEqual(await service.listForSale('MultiMFA'), [
      {
        planId: 2,
        MFAType: 'MultiMFA',
        planName: 'Professional',
        description: 'Professional plan',
        basePrice: 15,
        noOfUsers: 5,
        textsPerMonth: 500,
        extraTextPrice: 0.02,
        features: [
          'Up to 5 users per shared number',
          'One shared number',
          'Extra numbers $15 per month',
          'Up to 500 texts per month',
          'Extra texts $0.02 each',
          'Members join by invitation',
        ],
      },
    ]);
  });

  it('counts bots for a RoboMFA plan, one bot in the singular, and groups thousands of texts', async () => {
    const service = new PlansService(
      new InMemoryPlans([
        plan({ id: 4, mfaType: 'RoboMFA', name: 'Basic', basePriceCents: 500, noOfUsers: 1 }),
        plan({
          id: 6,
          mfaType: 'RoboMFA',
          name: 'Enterprise',
          basePriceCents: 2550,
          noOfUsers: 15,
          textsPerMonth: 2000,
        }),
      ]),
    );
    const [basic, enterprise] = await service.listForSale('RoboMFA');
    assert.equal(basic?.features[0], '1 bot with its own API key');
    assert.deepEqual(enterprise?.features.slice(0, 4), [
      'Up to 15 bots, each with its own API key',
      'One shared number',
      'Extra numbers $25.50 per month',
      'Up to 2,000 texts per month',
    ]);
    assert.equal(enterprise?.basePrice, 25.5);
  });
});

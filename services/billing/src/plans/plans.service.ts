import type { CatalogPlan, MfaType } from '@multimfa/service-contracts/billing';
import { Inject, Injectable } from '@nestjs/common';
import type { Plan } from './plan.entity.js';
import { PlansRepository } from './plans.repository.js';

const dollars = (cents: number) => cents / 100;

/** "$5" for whole dollars, "$0.02" otherwise. */
function price(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(dollars(cents));
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${n === 1 ? noun : `${noun}s`}`;

/** What a number of this kind holds: seats for a team, bots for a RoboMFA. */
function holdersLine(plan: Plan): string {
  if (plan.mfaType === 'RoboMFA') {
    return plan.noOfUsers === 1
      ? '1 bot with its own API key'
      : `Up to ${count(plan.noOfUsers, 'bot')}, each with its own API key`;
  }
  return `Up to ${count(plan.noOfUsers, 'user')} per shared number`;
}

/**
 * The pricing card's lines: the ones that state the plan's figures are written from those figures, so
 * editing a plan's seats, texts or prices cannot leave its card saying otherwise; the plan's own lines
 * follow.
 */
export function planFeatures(plan: Plan): string[] {
  return [
    holdersLine(plan),
    'One shared number',
    `Extra numbers ${price(plan.basePriceCents)} per month`,
    `Up to ${count(plan.textsPerMonth, 'text')} per month`,
    `Extra texts ${price(plan.extraTextPriceCents)} each`,
    ...plan.features,
  ];
}

export function toCatalogPlan(plan: Plan): CatalogPlan {
  return {
    planId: plan.id,
    MFAType: plan.mfaType,
    planName: plan.name,
    description: plan.description,
    basePrice: dollars(plan.basePriceCents),
    noOfUsers: plan.noOfUsers,
    textsPerMonth: plan.textsPerMonth,
    extraTextPrice: dollars(plan.extraTextPriceCents),
    features: planFeatures(plan),
  };
}

/** The plan catalogue: Basic, Professional and Enterprise for each kind of number. */
@Injectable()
export class PlansService {
  constructor(@Inject(PlansRepository) private readonly plans: PlansRepository) {}

  /** The plans a customer can buy for this kind of number, cheapest first. */
  async listForSale(mfaType: MfaType): Promise<CatalogPlan[]> {
    return (await this.plans.listActive(mfaType)).map(toCatalogPlan);
  }
}

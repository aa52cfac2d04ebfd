import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

/** A plan on a pricing page; prices in US dollars per month. */
export const planSchema = z
  .object({
    planId: z.number().int().positive(),
    planName: z.string().describe('Basic, Professional or Enterprise'),
    description: z.string(),
    basePrice: z.number().positive().describe('Price per month, in US dollars'),
    noOfUsers: z.number().int().positive().describe('Seats of a MultiMFA; bots of a RoboMFA'),
    features: z.array(z.string()),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

const planList = envelope(z.object({ plans: z.array(planSchema) }));

/** Public, as the /pricing page that shows it (customer-area section 2, access rules). */
export const listPlans = endpoint({
  operationId: 'listPlans',
  method: 'GET',
  path: '/api/plan/list',
  summary: 'The MultiMFA plans, cheapest first',
  tag: 'plan',
  access: 'public',
  response: planList,
});

/** For signed-in users, as the /pricing-robomfa page that shows it. */
export const listRoboMfaPlans = endpoint({
  operationId: 'listRoboMfaPlans',
  method: 'GET',
  path: '/api/plan/list-robomfa-plans',
  summary: 'The RoboMFA plans, cheapest first; noOfUsers is the bot limit',
  tag: 'plan',
  access: 'user',
  response: planList,
});

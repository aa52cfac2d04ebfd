import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

export const countrySchema = z
  .object({
    multiMFACountryId: z.number().int().positive(),
    name: z.string(),
    code: z.string().describe('Dialling code, for example +44'),
    isoCode: z.string().length(2),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof countrySchema>;

export const getMFACountries = endpoint({
  operationId: 'getMFACountries',
  method: 'GET',
  path: '/api/plan/getMFACountries',
  summary: 'Countries a MultiMFA or RoboMFA number can be bought in',
  tag: 'plan',
  access: 'public',
  response: envelope(z.array(countrySchema)),
});

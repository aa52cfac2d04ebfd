import { countrySchema, type Envelope, getMFACountries } from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Controller, Inject } from '@nestjs/common';
import { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { NUMBERS } from '../upstream/upstream.module.js';

/** Built once: built on every call, it took a sixth of the gateway's zod time on this read. */
const countryList = z.array(countrySchema);

@Controller()
export class CountriesController {
  constructor(@Inject(NUMBERS) private readonly numbers: ServiceClient) {}

  @Serves(getMFACountries)
  async list(): Promise<Envelope<z.infer<typeof countrySchema>[]>> {
    return ok(await this.numbers.get('/countries', countryList));
  }
}

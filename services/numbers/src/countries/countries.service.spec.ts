import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { CountriesRepository } from './countries.repository.js';
import { CountriesService } from './countries.service.js';
import type { Country } from './country.entity.js';

class InMemoryCountries extends CountriesRepository {
  constructor(private readonly rows: Country[]) {
    super();
  }
  async listActive() {
    return this.rows.filter((row) => row.isActive);
  }
}

const country = (id: number, isoCode: string, name: string, diallingCode: string, isActive = true): Country =>
  Object.assign(new (class {})() as Country, { id, isoCode, name, diallingCode, isActive });

describe('CountriesService', () => {
  it('lists the countries for sale in the shape the product shows', async () => {
    const service = new CountriesService(
      new InMemoryCountries([
        country(21, 'GB', 'United Kingdom', '+44'),
        country(9, 'XX', 'Retired', '+999', false),
      ]),
    );
    assert.deepEqual(await service.listForSale(), [
      { multiMFACountryId: 21, name: 'United Kingdom', code: '+44', isoCode: 'GB' },
    ]);
  });
});

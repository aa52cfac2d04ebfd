import { Inject, Injectable } from '@nestjs/common';
import { CountriesRepository } from './countries.repository.js';
import type { Country } from './country.entity.js';
import type { CountryDto } from './dto/country.dto.js';

export function toCountryDto(country: Country): CountryDto {
  return {
    multiMFACountryId: country.id,
    name: country.name,
    code: country.diallingCode,
    isoCode: country.isoCode.trim(),
  };
}

@Injectable()
export class CountriesService {
  constructor(@Inject(CountriesRepository) private readonly countries: CountriesRepository) {}

  /** The countries a customer can pick for a new number, alphabetically. */
  async listForSale(): Promise<CountryDto[]> {
    return (await this.countries.listActive()).map(toCountryDto);
  }
}

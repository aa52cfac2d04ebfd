import { Controller, Get, Inject } from '@nestjs/common';
import { CountriesService } from './countries.service.js';
import type { CountryDto } from './dto/country.dto.js';

@Controller('countries')
export class CountriesController {
  constructor(@Inject(CountriesService) private readonly countries: CountriesService) {}

  @Get()
  list(): Promise<CountryDto[]> {
    return this.countries.listForSale();
  }
}

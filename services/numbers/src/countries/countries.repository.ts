import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Country } from './country.entity.js';

/** Reads of the country list; the list changes only through migrations. */
export abstract class CountriesRepository {
  abstract listActive(): Promise<Country[]>;
}

@Injectable()
export class TypeOrmCountriesRepository extends CountriesRepository {
  constructor(@InjectRepository(Country) private readonly countries: Repository<Country>) {
    super();
  }

  listActive(): Promise<Country[]> {
    return this.countries.find({ where: { isActive: true }, order: { name: 'ASC' } });
  }
}

import { namedStatement } from '@multimfa/service-runtime';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Country } from './country.entity.js';

/** Parsed once per connection (`namedStatement`). */
const LIST_ACTIVE = namedStatement(
  'countries.listActive',
  `SELECT country_id AS id, iso_code AS "isoCode", name, dialling_code AS "diallingCode", is_active AS "isActive"
     FROM country WHERE is_active ORDER BY name`,
);

/** Reads of the country list; the list changes only through migrations. */
export abstract class CountriesRepository {
  abstract listActive(): Promise<Country[]>;
}

@Injectable()
export class TypeOrmCountriesRepository extends CountriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  /** A plain query: this list is read on every create form, and entity hydration would triple its cost. */
  async listActive(): Promise<Country[]> {
    return this.dataSource.query(LIST_ACTIVE);
  }
}

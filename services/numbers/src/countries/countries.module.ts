import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CountriesController } from './countries.controller.js';
import { CountriesRepository, TypeOrmCountriesRepository } from './countries.repository.js';
import { CountriesService } from './countries.service.js';
import { Country } from './country.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Country])],
  controllers: [CountriesController],
  providers: [CountriesService, { provide: CountriesRepository, useClass: TypeOrmCountriesRepository }],
})
export class CountriesModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Plan } from './plan.entity.js';
import { PlansController } from './plans.controller.js';
import { PlansRepository, TypeOrmPlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Plan])],
  controllers: [PlansController],
  providers: [PlansService, { provide: PlansRepository, useClass: TypeOrmPlansRepository }],
  exports: [PlansRepository],
})
export class PlansModule {}

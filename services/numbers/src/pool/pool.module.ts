import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PhoneNumber } from './phone-number.entity.js';
import { PoolController } from './pool.controller.js';
import { PoolRepository, TypeOrmPoolRepository } from './pool.repository.js';
import { PoolService } from './pool.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([PhoneNumber])],
  controllers: [PoolController],
  providers: [PoolService, { provide: PoolRepository, useClass: TypeOrmPoolRepository }],
})
export class PoolModule {}

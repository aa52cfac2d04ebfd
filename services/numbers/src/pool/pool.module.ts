import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PhoneNumber } from './phone-number.entity.js';
import { PoolController } from './pool.controller.js';
import { PoolRepository, TypeOrmPoolRepository } from './pool.repository.js';
import { PoolService } from './pool.service.js';

/** The number pool; `allocation` (the app's one `AllocationModule`) gives a new number to a waiting MFA. */
@Module({})
export class PoolModule {
  static forRoot(allocation: DynamicModule): DynamicModule {
    return {
      module: PoolModule,
      imports: [TypeOrmModule.forFeature([PhoneNumber]), allocation],
      controllers: [PoolController],
      providers: [PoolService, { provide: PoolRepository, useClass: TypeOrmPoolRepository }],
    };
  }
}

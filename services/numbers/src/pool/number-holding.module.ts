import { type DynamicModule, Module } from '@nestjs/common';
import { NumberHoldingRepository } from './number-holding.repository.js';
import { NumberHoldingService } from './number-holding.service.js';
import { NumberHoldingWorker } from './number-holding.worker.js';

/**
 * Reservation and quarantine of numbers (`NumberHoldingService`, for every module that ends an MFA's
 * use of its number) and their sweep; `allocation` is the app's one `AllocationModule`.
 */
@Module({})
export class NumberHoldingModule {
  static forRoot(allocation: DynamicModule): DynamicModule {
    return {
      module: NumberHoldingModule,
      imports: [allocation],
      providers: [NumberHoldingRepository, NumberHoldingService, NumberHoldingWorker],
      exports: [NumberHoldingService],
    };
  }
}

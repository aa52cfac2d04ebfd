import type { WaitingMfa } from '@multimfa/service-contracts/numbers';
import { Controller, Get, Inject } from '@nestjs/common';
import { AllocationService } from './allocation.service.js';

/** The MFAs waiting for a number, for the gateway's admin Numbers page. */
@Controller('pool/waiting')
export class WaitingController {
  constructor(@Inject(AllocationService) private readonly allocation: AllocationService) {}

  @Get()
  list(): Promise<WaitingMfa[]> {
    return this.allocation.waiting();
  }
}

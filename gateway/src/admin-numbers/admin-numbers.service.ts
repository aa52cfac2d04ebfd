import type { TwilioNumber, TwilioNumberBody, WaitingMfa } from '@multimfa/api-contract';
import { nothing, poolNumber, poolNumbers, waitingMfas } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { NUMBERS } from '../upstream/upstream.module.js';

/** The admin Numbers page's calls, answered by the numbers service, which owns the pool and its rules. */
@Injectable()
export class AdminNumbersService {
  constructor(@Inject(NUMBERS) private readonly numbers: ServiceClient) {}

  list(digits: string | undefined): Promise<TwilioNumber[]> {
    const query = digits ? `?${new URLSearchParams({ mobileNo: digits })}` : '';
    return this.numbers.get(`/pool/numbers${query}`, poolNumbers);
  }

  /** The MFAs waiting for a number of their country, longest first. */
  waiting(): Promise<WaitingMfa[]> {
    return this.numbers.get('/pool/waiting', waitingMfas);
  }

  add(body: TwilioNumberBody): Promise<TwilioNumber> {
    return this.numbers.post('/pool/numbers', poolNumber, body);
  }

  update(id: number, body: TwilioNumberBody): Promise<TwilioNumber> {
    return this.numbers.request('PATCH', `/pool/numbers/${id}`, poolNumber, body);
  }

  async remove(id: number): Promise<void> {
    await this.numbers.request('DELETE', `/pool/numbers/${id}`, nothing);
  }
}

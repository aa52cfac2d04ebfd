import type { PoolNumber, PoolNumberRequest } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AllocationService, type Assignment } from '../allocation/allocation.service.js';
import { toPoolNumberDto } from './dto/pool-number.dto.js';
import { invalidNumber, numberExists, numberNotFound, numberOccupied, sidExists } from './pool.errors.js';
import {
  DuplicatePhoneNumber,
  type FreeOnlyResult,
  type PhoneNumberFields,
  PoolRepository,
} from './pool.repository.js';

/**
 * The pool as administrators fill it. A number must be a valid number of a country (the country is
 * derived from it, for allocation by country), unique by number and by SID, and only a FREE number can
 * be changed or removed: one in use, reserved or in quarantine belongs to a customer's history. A number
 * added goes at once, in the same transaction, to the MFA of its country waiting longest for one.
 */
@Injectable()
export class PoolService {
  constructor(
    @Inject(PoolRepository) private readonly pool: PoolRepository,
    @Inject(AllocationService) private readonly allocation: AllocationService,
  ) {}

  async list(digits?: string): Promise<PoolNumber[]> {
    return (await this.pool.list(digits || undefined)).map(toPoolNumberDto);
  }

  async add(request: PoolNumberRequest): Promise<PoolNumber> {
    const fields = this.fieldsOf(request);
    let assignment: Assignment | undefined;
    const added = await this.refusingDuplicates(fields, () =>
      this.pool.insert(fields, async (manager, inserted) => {
        assignment = await this.allocation.numberAdded(manager, {
          phoneNumberId: inserted.id,
          e164: inserted.e164,
          sid: inserted.sid,
          countryIso: inserted.countryIso,
        });
      }),
    );
    await assignment?.afterCommit();
    return toPoolNumberDto(added);
  }

  async update(id: number, request: PoolNumberRequest): Promise<PoolNumber> {
    const fields = this.fieldsOf(request);
    const result = await this.refusingDuplicates(fields, () => this.pool.updateIfFree(id, fields));
    return toPoolNumberDto(this.unlessOccupied(result, 'edited'));
  }

  async remove(id: number): Promise<void> {
    this.unlessOccupied(await this.pool.deleteIfFree(id), 'deleted');
  }

  private fieldsOf(request: PoolNumberRequest): PhoneNumberFields {
    const parsed = parsePhoneNumberFromString(request.mobileNo);
    if (!parsed?.isValid() || !parsed.country || parsed.number !== request.mobileNo) {
      throw invalidNumber(request.mobileNo);
    }
    return {
      e164: parsed.number,
      // Twilio writes SIDs in lower-case hex; one spelling, so a pasted upper-case copy is a duplicate.
      sid: `PN${request.sid.slice(2).toLowerCase()}`,
      referenceName: request.referenceName,
      countryIso: parsed.country,
    };
  }

  private async refusingDuplicates<T>(fields: PhoneNumberFields, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof DuplicatePhoneNumber)) throw error;
      throw error.field === 'e164' ? numberExists(fields.e164) : sidExists(fields.sid);
    }
  }

  private unlessOccupied<T>(result: FreeOnlyResult<T>, action: 'edited' | 'deleted'): T {
    if (result.outcome === 'missing') throw numberNotFound();
    if (result.outcome === 'not-free') throw numberOccupied(action);
    return result.value;
  }
}

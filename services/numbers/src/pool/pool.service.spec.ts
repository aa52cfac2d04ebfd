import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import type { AllocationService } from '../allocation/allocation.service.js';
import { PhoneNumber, type PhoneNumberState } from './phone-number.entity.js';
import {
  DuplicatePhoneNumber,
  type FreeOnlyResult,
  type PhoneNumberFields,
  PoolRepository,
} from './pool.repository.js';
import { PoolService } from './pool.service.js';

/** The repository's contract in memory: unique number and SID, changes only while FREE. */
class InMemoryPool extends PoolRepository {
  readonly rows: PhoneNumber[] = [];
  private nextId = 1;

  private assertUnique(fields: PhoneNumberFields, exceptId?: number) {
    const others = this.rows.filter((row) => row.id !== exceptId);
    if (others.some((row) => row.e164 === fields.e164)) throw new DuplicatePhoneNumber('e164');
    if (others.some((row) => row.sid === fields.sid)) throw new DuplicatePhoneNumber('sid');
  }

  async list(digits?: string) {
    return this.rows.filter((row) => !digits || row.e164.includes(digits)).toReversed();
  }

  async insert(
    fields: PhoneNumberFields,
    andThen: (manager: EntityManager, inserted: PhoneNumber) => Promise<void>,
  ) {
    this.assertUnique(fields);
    const at = new Date('2026-01-01T10:00:00Z');
    const row = Object.assign(new PhoneNumber(), {
      ...fields,
      id: this.nextId++,
      state: 'FREE',
      createdAt: at,
      updatedAt: at,
    });
    this.rows.push(row);
    await andThen({} as EntityManager, row);
    return row;
  }

  async updateIfFree(id: number, fields: PhoneNumberFields): Promise<FreeOnlyResult<PhoneNumber>> {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row) return { outcome: 'missing' };
    if (row.state !== 'FREE') return { outcome: 'not-free', state: row.state };
    this.assertUnique(fields, id);
    return { outcome: 'done', value: Object.assign(row, fields) };
  }

  async deleteIfFree(id: number): Promise<FreeOnlyResult<null>> {
    const index = this.rows.findIndex((candidate) => candidate.id === id);
    const row = this.rows[index];
    if (!row) return { outcome: 'missing' };
    if (row.state !== 'FREE') return { outcome: 'not-free', state: row.state };
    this.rows.splice(index, 1);
    return { outcome: 'done', value: null };
  }

  setState(id: number, state: PhoneNumberState) {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (row) row.state = state;
  }
}

/** No MFA waits for a number in these tests. */
const noneWaiting = { numberAdded: async () => undefined } as unknown as AllocationService;

const SID = `PN${'a1'.repeat(16)}`;
const OTHER_SID = `PN${'b2'.repeat(16)}`;

async function refusal(action: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await action;
  } catch (error) {
    assert.ok(error instanceof DomainError, String(error));
    return { status: error.status, code: error.code, message: error.message };
  }
  assert.fail('the call was expected to be refused');
}

describe('PoolService', () => {
  it('adds a free number with the country derived from it, in the admin shape', async () => {
    const service = new PoolService(new InMemoryPool(), noneWaiting);
    assert.deepEqual(await service.add({ mobileNo: '+442071838750', sid: SID, referenceName: 'London 1' }), {
      twillioNoId: 1,
      mobileNo: '+442071838750',
      sid: SID,
      referenceName: 'London 1',
      country: 'GB',
      state: 'FREE',
      isOccupied: false,
      createdAt: '2026-01-01T10:00:00.000Z',
      reservedUntil: null,
      quarantinedUntil: null,
    });
  });

  it('refuses a number that is no valid number of any country with 400 INVALID_NUMBER', async () => {
    const service = new PoolService(new InMemoryPool(), noneWaiting);
    for (const mobileNo of ['+999123456', '+1212555', '+447700900123']) {
      assert.deepEqual(await refusal(service.add({ mobileNo, sid: SID, referenceName: 'x' })), {
        status: 400,
        code: 'INVALID_NUMBER',
        message: `${mobileNo} is not a valid phone number of any country`,
      });
    }
  });

  it('refuses a second row with the same number, or the same SID in either case, with 409', async () => {
    const service = new PoolService(new InMemoryPool(), noneWaiting);
    await service.add({ mobileNo: '+12125550100', sid: SID, referenceName: 'NY 1' });
    assert.deepEqual(
      await refusal(service.add({ mobileNo: '+12125550100', sid: OTHER_SID, referenceName: 'NY 2' })),
      { status: 409, code: 'NUMBER_EXISTS', message: 'The number +12125550100 is already in the pool' },
    );
    assert.deepEqual(
      await refusal(
        service.add({ mobileNo: '+12125550101', sid: `PN${'A1'.repeat(16)}`, referenceName: 'NY 2' }),
      ),
      { status: 409, code: 'SID_EXISTS', message: `A number with the SID ${SID} is already in the pool` },
    );
  });

  it('edits a free number, and refuses an edit onto another row’s number', async () => {
    const service = new PoolService(new InMemoryPool(), noneWaiting);
    const first = await service.add({ mobileNo: '+12125550100', sid: SID, referenceName: 'NY 1' });
    await service.add({ mobileNo: '+12125550101', sid: OTHER_SID, referenceName: 'NY 2' });
    const edited = await service.update(first.twillioNoId, {
      mobileNo: '+61412345678',
      sid: SID,
      referenceName: 'Sydney',
    });
    assert.deepEqual(
      [edited.mobileNo, edited.country, edited.referenceName],
      ['+61412345678', 'AU', 'Sydney'],
    );
    assert.equal(
      (
        await refusal(
          service.update(first.twillioNoId, { mobileNo: '+12125550101', sid: SID, referenceName: 'x' }),
        )
      ).code,
      'NUMBER_EXISTS',
    );
  });

  it('refuses to edit or delete a number in any state but FREE with 409 NUMBER_OCCUPIED', async () => {
    const repository = new InMemoryPool();
    const service = new PoolService(repository, noneWaiting);
    const added = await service.add({ mobileNo: '+12125550100', sid: SID, referenceName: 'NY 1' });
    for (const state of ['OCCUPIED', 'RESERVED', 'QUARANTINED'] as const) {
      repository.setState(added.twillioNoId, state);
      assert.deepEqual(
        await refusal(
          service.update(added.twillioNoId, { mobileNo: '+12125550100', sid: SID, referenceName: 'x' }),
        ),
        { status: 409, code: 'NUMBER_OCCUPIED', message: 'An occupied number cannot be edited' },
      );
      assert.deepEqual(await refusal(service.remove(added.twillioNoId)), {
        status: 409,
        code: 'NUMBER_OCCUPIED',
        message: 'An occupied number cannot be deleted',
      });
    }
    assert.equal((await service.list())[0]?.isOccupied, true);
    assert.equal(repository.rows.length, 1);
  });

  it('answers 404 for a number that does not exist', async () => {
    const service = new PoolService(new InMemoryPool(), noneWaiting);
    assert.deepEqual(await refusal(service.remove(42)), {
      status: 404,
      code: 'NUMBER_NOT_FOUND',
      message: 'Number not found',
    });
  });
});

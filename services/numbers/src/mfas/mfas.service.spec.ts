import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import type { MfaKind } from '@multimfa/service-contracts/numbers';
import { DomainError, FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import type { AllocationService } from '../allocation/allocation.service.js';
import { mfaRow, mfaViewOf } from '../testing/mfa.builder.js';
import type { MfasRepository } from './mfas.repository.js';
import { MfasService } from './mfas.service.js';
import type { UserStandingRepository } from './user-standing.repository.js';

const userId = '10000000-0000-4000-8000-000000000001';
const mfaId = '00000000-0000-4000-8000-000000000001';

/** One RoboMFA of the user in memory, edited as the repository's SQL does (same user, same type). */
function setUp() {
  const mfa = mfaRow(mfaId, userId, { mfaType: 'RoboMFA', name: 'Bots', noOfUsers: 1 });
  const view = mfaViewOf(mfa);
  const repository = {
    transaction: (work: (manager: EntityManager) => unknown) => work({} as EntityManager),
    edit: async (
      _manager: EntityManager,
      user: string,
      id: string,
      change: { MFAType: MfaKind; name: string; description: string; autoRenewal: boolean },
    ) => {
      if (user !== userId || id !== mfaId || change.MFAType !== mfa.mfaType) return false;
      Object.assign(mfa, {
        name: change.name,
        description: change.description,
        autoRenewal: change.autoRenewal,
      });
      return true;
    },
    find: async (user: string, id: string) => (user === userId && id === mfaId ? view : undefined),
  };
  const published: Array<{ type: string; payload: Record<string, unknown> }> = [];
  const outbox = {
    publish: async (_manager: EntityManager, event: { type: string }, payload: Record<string, unknown>) => {
      published.push({ type: event.type, payload });
    },
  };
  const service = new MfasService(
    repository as unknown as MfasRepository,
    {} as UserStandingRepository,
    {} as AllocationService,
    outbox as unknown as Outbox,
    new FixedClock(new Date('2026-06-15T10:00:00Z')),
  );
  return { service, mfa, published };
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => assert.fail('expected a refusal'),
    (error: unknown) => {
      assert.ok(error instanceof DomainError);
      return { status: error.status, code: error.code, message: error.message };
    },
  );

describe("MfasService.save: the one update of a MultiMFA's or a RoboMFA's detail page", () => {
  it('saves a RoboMFA asked as a RoboMFA and publishes numbers.mfa.updated at the clock time with the new fields', async () => {
    const { service, published } = setUp();
    const saved = await service.save(userId, mfaId, {
      MFAType: 'RoboMFA',
      name: 'Night bots',
      description: 'Shift B',
      autoRenewal: false,
    });
    assert.equal(saved.name, 'Night bots');
    assert.equal(saved.autoRenewal, false);
    assert.equal(published.length, 1);
    assert.equal(published[0]?.type, 'numbers.mfa.updated');
    assert.equal(published[0]?.payload.updatedAt, '2026-06-15T10:00:00.000Z');
    assert.equal(published[0]?.payload.autoRenewal, false);
    assert.equal(published[0]?.payload.purchaseId, null);
  });

  it('answers 404 "RoboMFA not found" or "MFA not found" by the type asked when the type is not the MFA\'s, and publishes nothing', async () => {
    const { service, mfa, published } = setUp();
    mfa.mfaType = 'MultiMFA';
    const change = { name: 'Taken', description: '', autoRenewal: false };
    assert.deepEqual(await refusal(service.save(userId, mfaId, { ...change, MFAType: 'RoboMFA' })), {
      status: 404,
      code: 'ROBO_MFA_NOT_FOUND',
      message: 'RoboMFA not found',
    });
    mfa.mfaType = 'RoboMFA';
    assert.deepEqual(await refusal(service.save(userId, mfaId, { ...change, MFAType: 'MultiMFA' })), {
      status: 404,
      code: 'MFA_NOT_FOUND',
      message: 'MFA not found',
    });
    assert.equal(mfa.name, 'Bots');
    assert.deepEqual(published, []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import { mfaRow, mfaViewOf } from '../testing/mfa.builder.js';
import type { MfasRepository } from './mfas.repository.js';
import { OwnerStandingService } from './owner-standing.service.js';
import type { UserStandingRepository } from './user-standing.repository.js';

const owner = '10000000-0000-4000-8000-000000000001';
const bystander = '10000000-0000-4000-8000-000000000002';
const manager = {} as EntityManager;
const at = (minute: number) => new Date(`2026-06-15T10:${String(minute).padStart(2, '0')}:00Z`);

/** Two MFAs of the owner and one of a bystander in memory, changed as the repositories' SQL does. */
function setUp() {
  const mfas = [
    mfaRow('00000000-0000-4000-8000-000000000001', owner),
    mfaRow('00000000-0000-4000-8000-000000000002', owner),
    mfaRow('00000000-0000-4000-8000-000000000003', bystander),
  ];
  const standings = new Map<string, { isActive: boolean; deleted: boolean; changedAt: Date }>();
  const standing = {
    record: async (_manager: EntityManager, userId: string, isActive: boolean, changedAt: Date) => {
      const known = standings.get(userId);
      if (known && (known.deleted || known.changedAt > changedAt)) return false;
      standings.set(userId, { isActive, deleted: false, changedAt });
      return true;
    },
    recordDeleted: async (_manager: EntityManager, userId: string, changedAt: Date) => {
      standings.set(userId, { isActive: false, deleted: true, changedAt });
    },
  };
  const repository = {
    suspendAllOf: async (_manager: EntityManager, userId: string) =>
      mfas
        .filter((row) => row.userId === userId && (row.isActive || row.autoRenewal))
        .map((row) => Object.assign(row, { isActive: false, autoRenewal: false }).mfaId),
    restoreAllOf: async (_manager: EntityManager, userId: string) =>
      mfas
        .filter((row) => row.userId === userId && !row.isActive)
        .map((row) => Object.assign(row, { isActive: true }).mfaId),
    find: async (userId: string, mfaId: string) => {
      const row = mfas.find((candidate) => candidate.mfaId === mfaId && candidate.userId === userId);
      return row && mfaViewOf(row);
    },
  };
  const published: Array<{ type: string; mfaId: unknown; isActive: unknown; autoRenewal: unknown }> = [];
  const outbox = {
    publish: async (_manager: EntityManager, event: { type: string }, payload: Record<string, unknown>) => {
      published.push({
        type: event.type,
        mfaId: payload.mfaId,
        isActive: payload.isActive,
        autoRenewal: payload.autoRenewal,
      });
    },
  };
  const service = new OwnerStandingService(
    standing as unknown as UserStandingRepository,
    repository as unknown as MfasRepository,
    outbox as unknown as Outbox,
    new FixedClock(at(30)),
  );
  const states = () => mfas.map((row) => [row.mfaId.slice(-1), row.isActive, row.autoRenewal]);
  return { service, published, states };
}

const updated = (ids: string[], isActive: boolean) =>
  ids.map((id) => ({
    type: 'numbers.mfa.updated',
    mfaId: `00000000-0000-4000-8000-00000000000${id}`,
    isActive,
    autoRenewal: false,
  }));

describe("OwnerStandingService: an owner's MFAs follow the account's standing", () => {
  it("suspends every MFA of a deactivated owner (inactive, auto-renewal off), one numbers.mfa.updated each, and no one else's", async () => {
    const { service, published, states } = setUp();
    await service.statusChanged(manager, owner, false, at(1));
    assert.deepEqual(states(), [
      ['1', false, false],
      ['2', false, false],
      ['3', true, true],
    ]);
    assert.deepEqual(published, updated(['1', '2'], false));
  });

  it('makes them active again on reactivation, with auto-renewal left off', async () => {
    const { service, published, states } = setUp();
    await service.statusChanged(manager, owner, false, at(1));
    published.length = 0;
    await service.statusChanged(manager, owner, true, at(2));
    assert.deepEqual(states(), [
      ['1', true, false],
      ['2', true, false],
      ['3', true, true],
    ]);
    assert.deepEqual(published, updated(['1', '2'], true));
  });

  it('publishes nothing for a deactivation told twice, and changes nothing for a word older than the one applied', async () => {
    const { service, published, states } = setUp();
    await service.statusChanged(manager, owner, false, at(2));
    await service.statusChanged(manager, owner, false, at(2));
    await service.statusChanged(manager, owner, true, at(1));
    assert.deepEqual(states().slice(0, 2), [
      ['1', false, false],
      ['2', false, false],
    ]);
    assert.deepEqual(published, updated(['1', '2'], false));
  });

  it('suspends a deleted owner for good: a later reactivation changes nothing', async () => {
    const { service, published, states } = setUp();
    await service.deleted(manager, owner, at(1));
    await service.statusChanged(manager, owner, true, at(2));
    assert.deepEqual(states().slice(0, 2), [
      ['1', false, false],
      ['2', false, false],
    ]);
    assert.deepEqual(published, updated(['1', '2'], false));
  });

  it('publishes nothing when a deactivated owner is deleted: their MFAs are suspended already', async () => {
    const { service, published } = setUp();
    await service.statusChanged(manager, owner, false, at(1));
    published.length = 0;
    await service.deleted(manager, owner, at(2));
    assert.deepEqual(published, []);
  });
});

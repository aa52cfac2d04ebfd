import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import {
  describeRolloutOrderViolation,
  rolloutOrderViolations,
  type ServiceEvents,
} from './rollout-order.rules.js';

const created = (version: number) => ({ type: 'numbers.mfa.created', version });
const deleted = { type: 'numbers.mfa.deleted', version: 1 };

describe('rollout order of event versions', () => {
  it('fails when a producer publishes v2 and a consumer handles only v1, naming both and the order', () => {
    const services: ServiceEvents[] = [
      { service: 'numbers', publishes: [created(2), deleted], handles: [] },
      { service: 'messaging', publishes: [], handles: [created(1), deleted] },
    ];

    const violations = rolloutOrderViolations(services);

    assert.deepEqual(violations, [
      {
        producer: 'numbers',
        consumer: 'messaging',
        event: 'numbers.mfa.created@2',
        handled: [1],
        rule: 'deploy messaging handling numbers.mfa.created@2 before numbers publishes it',
      },
    ]);
    assert.equal(
      describeRolloutOrderViolation(violations[0] as (typeof violations)[0]),
      'deploy messaging handling numbers.mfa.created@2 before numbers publishes it (messaging handles numbers.mfa.created only at version 1: it would hold its partition on numbers.mfa.created@2)',
    );
  });

  it('names every consumer behind, once per event however often the producer publishes it', () => {
    const services: ServiceEvents[] = [
      { service: 'numbers', publishes: [created(2), created(2)], handles: [] },
      { service: 'messaging', publishes: [], handles: [created(1)] },
      { service: 'admin-reporting', publishes: [], handles: [created(1), created(3)] },
      { service: 'billing', publishes: [], handles: [created(2)] },
    ];

    assert.deepEqual(
      rolloutOrderViolations(services).map(({ rule, handled }) => [rule, handled]),
      [
        ['deploy admin-reporting handling numbers.mfa.created@2 before numbers publishes it', [1, 3]],
        ['deploy messaging handling numbers.mfa.created@2 before numbers publishes it', [1]],
      ],
    );
  });

  it('also judges a service that consumes what it publishes itself', () => {
    const services: ServiceEvents[] = [
      { service: 'numbers', publishes: [created(2)], handles: [created(1)] },
    ];

    assert.deepEqual(
      rolloutOrderViolations(services).map(({ rule }) => rule),
      ['deploy numbers handling numbers.mfa.created@2 before numbers publishes it'],
    );
  });

  it('passes consumers deployed first, old versions still handled, and types a consumer does not take', () => {
    const services: ServiceEvents[] = [
      { service: 'numbers', publishes: [created(1), deleted], handles: [] },
      // Ahead of its producer: handles v2, which nobody publishes yet.
      { service: 'messaging', publishes: [], handles: [created(1), created(2)] },
      // Does not handle numbers.mfa.created at all: its consumer skips it.
      { service: 'billing', publishes: [], handles: [deleted] },
    ];
    assert.deepEqual(rolloutOrderViolations(services), []);

    // The producer moved to v2 after its consumers; v1 events may still be on the topic.
    const moved = services.map((service) =>
      service.service === 'numbers' ? { ...service, publishes: [created(2), deleted] } : service,
    );
    assert.deepEqual(rolloutOrderViolations(moved), []);
  });
});

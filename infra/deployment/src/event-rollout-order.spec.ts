// A new event version ships consumers first (README, Events, "Unknown versions"): a consumer holds
// its partition on a version of a type it handles but has no handler for. What each service
// publishes and handles is read from its code (support/kafka-access.ts: the definitions passed to
// its outbox, the definitions of its @EventPattern handlers as the event bus subscribes them), and
// no service may publish a `type@N` that another service handles only at other versions.
import assert from 'node:assert/strict';
import { beforeAll, describe, it } from '@jest/globals';
import {
  catalogue,
  describeRolloutOrderViolation,
  mfaCreated,
  rolloutOrderViolations,
  type ServiceEvents,
} from '@multimfa/events';
import { services } from './support/deployables.js';
import { consumedEvents, publishedEvents } from './support/kafka-access.js';

describe('rollout order of event versions', () => {
  let uses: ServiceEvents[];

  beforeAll(async () => {
    uses = await Promise.all(
      services.map(async (service) => ({
        service: service.name,
        publishes: publishedEvents(service),
        handles: await consumedEvents(service),
      })),
    );
  });

  it('reads from the code what every service publishes and handles, all of it in the catalogue', () => {
    const unknown = uses.flatMap(({ service, publishes, handles }) =>
      [...publishes, ...handles]
        .filter((event) => catalogue.find(event.type, event.version) !== event)
        .map((event) => `${service}: ${event.type}@${event.version}`),
    );
    assert.deepEqual(unknown, []);
    const ids = (events: ServiceEvents['publishes']) =>
      events.map(({ type, version }) => `${type}@${version}`);
    const use = (name: string) => uses.find(({ service }) => service === name);
    assert.ok(ids(use('numbers')?.publishes ?? []).includes('numbers.mfa.created@1'));
    assert.ok(ids(use('messaging')?.handles ?? []).includes('numbers.mfa.created@1'));
    assert.ok(ids(use('admin-reporting')?.handles ?? []).includes('numbers.mfa.created@1'));
  });

  it('ships no version before every service that handles its type has a handler for it', () => {
    assert.deepEqual(rolloutOrderViolations(uses).map(describeRolloutOrderViolation), []);
  });

  it('fails, naming producer and consumers, when numbers would publish numbers.mfa.created@2 first', () => {
    // The attack: numbers' outbox moves to a version 2 its consumers have no handler for yet.
    const version2 = { ...mfaCreated, version: 2 };
    const shipped = uses.map((use) =>
      use.service === 'numbers'
        ? { ...use, publishes: use.publishes.map((event) => (event === mfaCreated ? version2 : event)) }
        : use,
    );

    assert.deepEqual(
      rolloutOrderViolations(shipped).map(({ rule }) => rule),
      [
        'deploy admin-reporting handling numbers.mfa.created@2 before numbers publishes it',
        'deploy messaging handling numbers.mfa.created@2 before numbers publishes it',
      ],
    );
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { mfaCreated, userDeleted, userRegistered } from '@multimfa/events';
import { EventPattern } from '@nestjs/microservices';
import { consumerGroupId, handledEvents } from './event-bus.server.js';

class Subscriber {
  @EventPattern(userRegistered)
  onRegistered(_payload: unknown) {}

  @EventPattern([userDeleted, mfaCreated])
  onMany(_payload: unknown) {}

  @EventPattern('not-an-event')
  onOther(_payload: unknown) {}

  helper() {}
}

describe('what a service consumes', () => {
  it("reads the event definitions of a class's @EventPattern handlers", () => {
    assert.deepEqual(
      handledEvents(Subscriber).map((definition) => definition.type),
      [userRegistered.type, userDeleted.type, mfaCreated.type],
    );
  });

  it('names one consumer group per service and topic', () => {
    assert.equal(
      consumerGroupId('it-1.', 'billing', 'multimfa.identity.user.v1'),
      'it-1.billing.multimfa.identity.user.v1',
    );
  });
});

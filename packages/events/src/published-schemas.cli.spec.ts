import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { breakingChanges, currentSchemas, readPublished } from './published-schemas.cli.js';

describe('published event schemas', () => {
  it('no change in the code breaks a consumer of an event already published', () => {
    assert.deepEqual(breakingChanges(readPublished(), currentSchemas()), []);
  });

  it('every event the code publishes is recorded (run `npm run events:publish`)', () => {
    assert.deepEqual(Object.keys(readPublished()).sort(), Object.keys(currentSchemas()).sort());
  });

  it('catches a removed published event', () => {
    assert.deepEqual(breakingChanges({ 'identity.user.gone@1': { type: 'object' } }, {}), [
      { event: 'identity.user.gone@1', path: '$', reason: 'a published event version was removed' },
    ]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { testInfrastructure } from '../testing/index.js';
import { RedisCheck } from './dependencies.check.js';

describe('dependency checks against the real services', () => {
  it('sees Redis up, and down on a port where nothing listens', async () => {
    const upCheck = new RedisCheck(testInfrastructure.redisUrl);
    const downCheck = new RedisCheck('redis://127.0.0.1:1');
    try {
      await upCheck.check();
      await assert.rejects(downCheck.check());
    } finally {
      await upCheck.close();
      await downCheck.close();
    }
  });
});

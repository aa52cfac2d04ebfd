import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { Readiness } from './readiness.js';

const up = (name: string) => ({ name, check: async () => undefined });
const down = (name: string) => ({
  name,
  check: async () => {
    throw new Error(`${name} refused`);
  },
});
const hung = (name: string) => ({ name, check: () => new Promise<void>(() => undefined) });

describe('Readiness', () => {
  it('is ready when every check is up', async () => {
    assert.deepEqual(await new Readiness([up('database'), up('redis')]).report(), {
      status: 'ready',
      checks: { database: 'up', redis: 'up' },
    });
  });

  it('names the dependency that is down', async () => {
    const report = await new Readiness([up('database'), down('kafka')]).report();
    assert.equal(report.status, 'not ready');
    assert.equal(report.checks.kafka, 'kafka refused');
  });

  it('treats a check that does not answer in time as down', async () => {
    const report = await new Readiness([hung('redis')]).report(50);
    assert.equal(report.status, 'not ready');
    assert.match(report.checks.redis ?? '', /did not answer within 50 ms/);
  });

  it('stops answering ready once draining', async () => {
    const readiness = new Readiness([up('database')]);
    readiness.startDraining();
    assert.equal((await readiness.report()).status, 'shutting down');
  });
});

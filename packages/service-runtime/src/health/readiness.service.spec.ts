import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { HealthIndicatorService } from '@nestjs/terminus';
import { Readiness } from './readiness.service.js';

const up = (name: string) => ({ name, check: async () => undefined });
const down = (name: string) => ({
  name,
  check: async () => {
    throw new Error(`${name} refused`);
  },
});
const hung = (name: string) => ({ name, check: () => new Promise<void>(() => undefined) });

const report = async (readiness: Readiness) =>
  Object.assign({}, ...(await Promise.all(readiness.indicators.map(async (indicator) => indicator()))));

describe('Readiness', () => {
  it('reports every check up, and the process serving', async () => {
    const readiness = new Readiness(new HealthIndicatorService(), [up('database'), up('redis')]);
    const result = await report(readiness);
    assert.equal(result.process.status, 'up');
    assert.equal(result.database.status, 'up');
    assert.equal(result.redis.status, 'up');
  });

  it('names the dependency that is down, with its error', async () => {
    const result = await report(new Readiness(new HealthIndicatorService(), [up('database'), down('kafka')]));
    assert.equal(result.database.status, 'up');
    assert.equal(result.kafka.status, 'down');
    assert.match(JSON.stringify(result.kafka), /kafka refused/);
  });

  it('treats a check that does not answer in time as down', async () => {
    const result = await report(new Readiness(new HealthIndicatorService(), [hung('redis')], 50));
    assert.equal(result.redis.status, 'down');
  });

  it('names why it is degraded while a registered indicator reports it, and nothing after', () => {
    const readiness = new Readiness(new HealthIndicatorService(), [up('database')]);
    let reason: string | undefined = '1 partition waiting to retry';
    readiness.registerDegraded({ name: 'event-consumers', degraded: () => reason });
    assert.deepEqual(readiness.degradedReasons(), { 'event-consumers': '1 partition waiting to retry' });
    reason = undefined;
    assert.deepEqual(readiness.degradedReasons(), {});
  });

  it('reports the process down once draining', async () => {
    const readiness = new Readiness(new HealthIndicatorService(), [up('database')]);
    readiness.startDraining();
    assert.equal((await report(readiness)).process.status, 'down');
  });
});

// Redis holds BullMQ's queues (forwards, e-mails, renewals): it must keep them across a restart and
// never evict one. Every Redis the repository runs (compose, the dev cluster) is started that way,
// and infra/README.md tells the operator of production's external Redis the same two settings.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { loadCompose } from './support/compose.js';
import { named, ofKind, podSpec, renderOverlay } from './support/kubernetes.js';
import { readRepoFile } from './support/repo.js';

/** The value of each `--name value` pair of a redis-server command line. */
function options(args: ReadonlyArray<string>): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const [i, arg] of args.entries()) {
    if (arg.startsWith('--')) pairs[arg.slice(2)] = args[i + 1] ?? '';
  }
  return pairs;
}

function assertKeepsJobs(args: ReadonlyArray<string>, where: string) {
  const set = options(args);
  assert.equal(set.appendonly, 'yes', `${where}: appendonly yes (queued jobs survive a restart)`);
  assert.equal(set.appendfsync, 'everysec', `${where}: appendfsync everysec`);
  assert.equal(set['maxmemory-policy'], 'noeviction', `${where}: maxmemory-policy noeviction (BullMQ)`);
}

describe('Redis keeps queued jobs', () => {
  it('in docker-compose.yml, on a volume', () => {
    const redis = loadCompose().services.redis;
    assert.ok(redis, 'compose runs redis');
    const command = redis.command;
    assert.ok(Array.isArray(command), 'redis command in exec form');
    assertKeepsJobs(command.map(String), 'compose');
    assert.ok(
      (redis.volumes ?? []).some((volume) => String(volume).endsWith(':/data')),
      'compose keeps /data (the append-only file) on a volume',
    );
  });

  it('in the development cluster', () => {
    const deployment = named(ofKind<IDeployment>('Deployment')(renderOverlay('dev')), 'redis', 'Deployment');
    const container = podSpec(deployment).containers[0];
    assert.ok(container?.args, 'the dev Redis has arguments');
    assertKeepsJobs(container.args, 'overlays/dev');
    assert.ok(options(container.args).maxmemory, 'a memory limit below the container limit');
  });

  it("is what infra/README.md asks of production's Redis", () => {
    const readme = readRepoFile('infra/README.md');
    for (const setting of ['appendonly yes', 'appendfsync everysec', 'maxmemory-policy noeviction']) {
      assert.ok(readme.includes(setting), `infra/README.md names ${setting}`);
    }
  });
});

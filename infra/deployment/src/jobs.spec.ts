// The Jobs that run before a rollout: one migration Job per service database, with the service's
// own image and settings, and the Kafka topic Job, whose list must equal the code's topicList().
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { topicList } from '@multimfa/events';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { loadCompose } from './support/compose.js';
import { services } from './support/deployables.js';
import {
  containerEnvironment,
  named,
  ofKind,
  overlays,
  podSpec,
  renderOverlay,
} from './support/kubernetes.js';
import { readRepoFile, repoPath } from './support/repo.js';
import { settingsFor } from './support/settings.js';

const SCRIPT = 'infra/k8s/base/jobs/create-topics.sh';

/** The `create <topic> <partitions> <retention.ms>` lines of the topic script, as topicList() entries. */
function scriptedTopics(script: string) {
  return [...script.matchAll(/^create\s+(\S+)\s+(\d+)\s+(\d+)\s*$/gm)].map(
    ([, name, partitions, retention]) => ({
      name,
      partitions: Number(partitions),
      retentionMs: Number(retention),
    }),
  );
}

const byName = <T extends { name?: string }>(list: T[]) =>
  [...list].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));

describe('Kafka topics', () => {
  const script = readRepoFile(SCRIPT);

  it('creates exactly the topics of topicList(), with their partitions and retention', () => {
    const expected = topicList().map(({ name, partitions, retentionMs }) => ({
      name,
      partitions,
      retentionMs,
    }));
    assert.deepEqual(byName(scriptedTopics(script)), byName(expected), `${SCRIPT} differs from topicList()`);
  });

  it('creates them with kafka-topics.sh, only when missing, with partitions and retention.ms', () => {
    execFileSync('bash', ['-n', repoPath(SCRIPT)]);
    assert.match(script, /kafka-topics\.sh"? --bootstrap-server "\$KAFKA_BROKERS" --create --if-not-exists/);
    assert.match(script, /--partitions "\$2"/);
    assert.match(script, /--config "retention\.ms=\$3"/);
    assert.match(script, /^set -euo pipefail$/m, 'a failed creation must fail the Job');
  });

  for (const overlay of overlays) {
    it(`runs the script in a Job of ${overlay}, in apache/kafka 4.1.1`, () => {
      const objects = renderOverlay(overlay);
      const job = named(ofKind<IJob>('Job')(objects), 'kafka-topics', 'Job');
      const pod = podSpec(job);
      const container = pod.containers[0];
      assert.equal(container?.image, 'apache/kafka:4.1.1');
      assert.deepEqual(container?.command, ['/bin/bash', '/scripts/create-topics.sh']);
      const mount = container?.volumeMounts?.find((volumeMount) => volumeMount.mountPath === '/scripts');
      const volume = pod.volumes?.find((candidate) => candidate.name === mount?.name);
      const configMap = named(
        ofKind<IConfigMap>('ConfigMap')(objects),
        volume?.configMap?.name ?? '',
        'ConfigMap',
      );
      assert.equal(configMap.data?.['create-topics.sh'], script, 'the Job runs the script of the repository');
      assert.ok(
        containerEnvironment(container ?? { name: '' }, objects).values.KAFKA_BROKERS,
        'KAFKA_BROKERS',
      );
    });
  }

  it('runs the same script in docker compose', () => {
    const topics = loadCompose().services['kafka-topics'];
    assert.ok(topics, 'a kafka-topics compose service');
    assert.equal(topics.image, 'apache/kafka:4.1.1');
    assert.deepEqual(topics.entrypoint, ['/bin/bash', '/scripts/create-topics.sh']);
    assert.ok(
      topics.volumes?.includes(`./${SCRIPT}:/scripts/create-topics.sh:ro`),
      'mounts the repository script',
    );
  });
});

for (const overlay of overlays) {
  describe(`migration Jobs in ${overlay}`, () => {
    const objects = renderOverlay(overlay);
    const jobs = ofKind<IJob>('Job')(objects);

    it('has one per service database, and no other', () => {
      expect(
        jobs
          .filter((job) => job.metadata.labels?.['app.kubernetes.io/component'] === 'migration')
          .map((job) => job.metadata.name)
          .sort(),
      ).toStrictEqual(services.map(({ name }) => `migrate-${name}`).sort());
    });

    for (const { name } of services) {
      it(`migrates ${name} with its image and settings, then exits (MIGRATE_ONLY)`, () => {
        const job = named(jobs, `migrate-${name}`, 'Job');
        const pod = podSpec(job);
        const container = pod.containers[0];
        assert.ok(container);
        const deployment = named(ofKind<IDeployment>('Deployment')(objects), name, 'Deployment');
        const app = podSpec(deployment).containers[0];
        assert.equal(container.image, app?.image, 'the same image as the Deployment');
        assert.deepEqual(
          container.envFrom,
          app?.envFrom,
          'the same ConfigMaps and Secrets as the Deployment',
        );
        assert.deepEqual(container.env, [{ name: 'MIGRATE_ONLY', value: 'true' }]);
        const { values, secrets } = containerEnvironment(container, objects);
        const missing = settingsFor(name).required.filter((key) => !(key in values) && !secrets.has(key));
        assert.deepEqual(missing, [], `migrate-${name} would refuse to start without these`);
        assert.equal(pod.restartPolicy, 'Never');
        assert.ok(job.spec?.activeDeadlineSeconds, 'a deadline, so a stuck migration fails the rollout');
        assert.equal(pod.securityContext?.runAsNonRoot, true);
        assert.equal(container.securityContext?.readOnlyRootFilesystem, true);
        assert.equal(container.securityContext?.allowPrivilegeEscalation, false);
      });
    }
  });
}

// Kafka in production requires TLS and SCRAM and allows each Kafka user only its ACLs. Each
// service's KafkaUser (overlays/prod/kafka-users.yaml) allows exactly what its code does on Kafka,
// read from the code here (support/kafka-access.ts), and each workload that connects authenticates as
// its own user, its password from the Secret Strimzi makes for that user.
import assert from 'node:assert/strict';
import { posix } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { TOPICS, topicList } from '@multimfa/events';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { services } from './support/deployables.js';
import {
  type Acl,
  deadLetterToolAcls,
  type KafkaUse,
  kafkaUses,
  normalizeAcls,
  serviceAcls,
  topicJobAcls,
} from './support/kafka-access.js';
import {
  containerEnvironment,
  type K8sObject,
  type KafkaUserSpec,
  named,
  ofKind,
  podSpec,
  renderOverlay,
  secretKeys,
} from './support/kubernetes.js';
import { readRepoFile } from './support/repo.js';
import { settingsFor } from './support/settings.js';

const TOPIC_JOB = 'kafka-topics';
const DEAD_LETTER_TOOL = 'dead-letters';
/** The TLS listener of the Strimzi Kafka `multimfa` in the namespace `kafka` (infra/README.md). */
const BROKERS = /^multimfa-kafka-bootstrap\.kafka\.svc:9093$/;

const kafkaUsers = ofKind<{ spec?: KafkaUserSpec }>('KafkaUser');

/** A KafkaUser's ACLs as support/kafka-access.ts writes them; fails on a host or type that narrows or denies. */
function aclsOf(user: K8sObject & { spec?: KafkaUserSpec }): Acl[] {
  return normalizeAcls(
    (user.spec?.authorization?.acls ?? []).map((acl, index) => {
      assert.ok(acl.host === undefined || acl.host === '*', `${user.metadata.name} acls[${index}]: host *`);
      assert.ok(
        acl.type === undefined || acl.type === 'allow',
        `${user.metadata.name} acls[${index}]: allow`,
      );
      return {
        type: acl.resource?.type as Acl['type'],
        name: acl.resource?.name ?? '',
        patternType: (acl.resource?.patternType ?? 'literal') as Acl['patternType'],
        operations: acl.operations ?? (acl.operation ? [acl.operation] : []),
      };
    }),
  );
}

describe('Kafka access in prod', () => {
  const objects = renderOverlay('prod');
  const users = kafkaUsers(objects);
  let uses: KafkaUse[];
  const useOf = (service: string) => {
    const use = uses.find((candidate) => candidate.service === service);
    assert.ok(use, `no use of Kafka read for ${service}`);
    return use;
  };

  beforeAll(async () => {
    uses = await kafkaUses();
  });

  it('reads from the code one publisher for every topic, and a publisher for every topic consumed', () => {
    // What the derivation finds, checked against the topic list: were it to miss a publish or a
    // handler, a topic would have no publisher or a consumer of nothing.
    const publishers = new Map<string, string[]>();
    for (const use of uses) {
      for (const topic of use.publishes)
        publishers.set(topic, [...(publishers.get(topic) ?? []), use.service]);
    }
    const unpublished = topicList()
      .map(({ name }) => name)
      .filter((name) => name !== TOPICS.deadLetter.name && publishers.get(name)?.length !== 1);
    assert.deepEqual(unpublished, [], 'topics without exactly one publishing service');
    const orphans = uses.flatMap((use) =>
      use.consumes.filter((topic) => !publishers.has(topic)).map((topic) => `${use.service}: ${topic}`),
    );
    assert.deepEqual(orphans, [], 'consumed topics no service publishes');
  });

  it('has a KafkaUser per service, one for the topic Job and one for the dead-letter CLI, and no other', () => {
    expect(users.map((user) => user.metadata.name).sort()).toStrictEqual(
      [...services.map(({ name }) => name), TOPIC_JOB, DEAD_LETTER_TOOL].sort(),
    );
  });

  it('authenticates every user with SCRAM-SHA-512 and holds it to its ACLs, on the cluster multimfa', () => {
    for (const user of users) {
      assert.equal(user.metadata.labels?.['strimzi.io/cluster'], 'multimfa', user.metadata.name);
      assert.equal(user.spec?.authentication?.type, 'scram-sha-512', user.metadata.name);
      assert.equal(user.spec?.authorization?.type, 'simple', user.metadata.name);
    }
  });

  for (const { name } of services) {
    it(`allows ${name} exactly what its code publishes and consumes`, () => {
      const user = named(users, name, 'KafkaUser');
      assert.deepEqual(aclsOf(user), serviceAcls(useOf(name)));
    });
  }

  it('allows the topic Job to create and configure the topics of topicList(), and nothing else', () => {
    assert.deepEqual(aclsOf(named(users, TOPIC_JOB, 'KafkaUser')), topicJobAcls());
  });

  it('allows the dead-letter CLI to read the dead letters and send them back where they came from', () => {
    assert.deepEqual(aclsOf(named(users, DEAD_LETTER_TOOL, 'KafkaUser')), deadLetterToolAcls(uses));
  });

  const workloads: Array<{ name: string; kind: 'Deployment' | 'Job' }> = [
    ...services.map(({ name }) => ({ name, kind: 'Deployment' as const })),
    { name: TOPIC_JOB, kind: 'Job' },
  ];
  for (const { name, kind } of workloads) {
    it(`connects the ${kind} ${name} with TLS and SCRAM as its own Kafka user`, () => {
      const workload = named(ofKind<IDeployment | IJob>(kind)(objects), name, kind);
      const pod: IPodSpec = podSpec(workload);
      const container = pod.containers[0] as IContainer;
      const { values, secrets } = containerEnvironment(container, objects);

      assert.match(values.KAFKA_BROKERS ?? '', BROKERS);
      assert.equal(values.KAFKA_TLS, 'true');
      assert.equal(values.KAFKA_SASL_MECHANISM, 'scram-sha-512');
      assert.equal(values.KAFKA_SASL_USERNAME, name, 'its own user');
      named(users, name, 'KafkaUser');

      // The password: from the Secret Strimzi's User Operator makes for that user, never written here.
      assert.ok(secrets.has('KAFKA_SASL_PASSWORD'));
      const password = container.env?.find((variable) => variable.name === 'KAFKA_SASL_PASSWORD');
      assert.deepEqual(password?.valueFrom?.secretKeyRef, { name, key: 'password' });

      // The CA file: a key of a mounted Secret that an ExternalSecret makes.
      const caFile = values.KAFKA_TLS_CA_FILE ?? '';
      const mount = container.volumeMounts?.find(
        (candidate) => posix.dirname(caFile) === candidate.mountPath,
      );
      assert.ok(mount, `KAFKA_TLS_CA_FILE ${caFile} is in no mounted volume`);
      const volume = pod.volumes?.find((candidate) => candidate.name === mount.name);
      const secretName = volume?.secret?.secretName;
      assert.ok(secretName, `the volume of ${caFile} is a Secret`);
      assert.ok(
        secretKeys(secretName, objects).includes(posix.basename(caFile)),
        `${secretName} has no ${caFile}`,
      );

      if (kind === 'Deployment') {
        // The service's own schema accepts these values (its password stands in: it is in the store).
        const settings = settingsFor(name);
        const parsed = settings.schema.safeParse({ ...values, KAFKA_SASL_PASSWORD: 'stand-in' });
        const kafkaIssues = (parsed.error?.issues ?? [])
          .filter((issue) => String(issue.path[0]).startsWith('KAFKA_'))
          .map((issue) => `${String(issue.path[0])}: ${issue.message}`);
        assert.deepEqual(kafkaIssues, []);
      }
    });
  }

  it('waits in the setup stage of a rollout until Strimzi has made the users and their Secrets', () => {
    const script = readRepoFile('infra/k8s/rollout.sh');
    const setup = script.slice(script.indexOf('stage=setup'), script.indexOf('stage=jobs'));
    assert.match(setup, /kubectl wait[^\n]*--for=condition=Ready kafkauser/);
  });

  it('gives the migration Jobs no Kafka credentials: they never connect to Kafka', () => {
    const migrations = ofKind<IJob>('Job')(objects).filter((job) => job.metadata.name.startsWith('migrate-'));
    assert.equal(migrations.length, services.length);
    for (const job of migrations) {
      const { values, secrets } = containerEnvironment(podSpec(job).containers[0] as IContainer, objects);
      assert.ok(
        !('KAFKA_SASL_MECHANISM' in values) && !secrets.has('KAFKA_SASL_PASSWORD'),
        `${job.metadata.name} gets Kafka credentials`,
      );
    }
  });
});

describe('Kafka access in dev', () => {
  it('stays plaintext to the in-cluster broker, without Kafka users', () => {
    const objects = renderOverlay('dev');
    assert.deepEqual(kafkaUsers(objects), []);
    for (const { name } of services) {
      const deployment = named(ofKind<IDeployment>('Deployment')(objects), name, 'Deployment');
      const { values } = containerEnvironment(podSpec(deployment).containers[0] as IContainer, objects);
      assert.equal(values.KAFKA_SASL_MECHANISM, undefined, name);
      assert.notEqual(values.KAFKA_TLS, 'true', name);
    }
  });
});

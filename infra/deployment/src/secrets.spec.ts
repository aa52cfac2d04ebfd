// No secret value is in the repository: Kubernetes Secrets are made in the cluster by the External
// Secrets Operator (or cert-manager for TLS, Strimzi for a KafkaUser's password) and only referenced
// here; compose takes secrets from the developer's .env, which .env.example leaves empty.
import assert from 'node:assert/strict';
import { describe, expect, it } from '@jest/globals';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { parse, parseAllDocuments } from 'yaml';
import { envExample } from './support/compose.js';
import {
  hasPodTemplate,
  type K8sObject,
  ofKind,
  overlays,
  podSpec,
  renderOverlay,
  secretKeys,
} from './support/kubernetes.js';
import { filesUnder, readRepoFile } from './support/repo.js';

/**
 * Setting names that hold a secret by their name. An address (`..._URL`) is not one, though its
 * name may say what it leads to: GOOGLE_TOKEN_URL is Google's token endpoint.
 */
const SECRET_NAME = /^(?!\w*_URLS?$)\w*(SECRET|PASSWORD|TOKEN|API_KEY|PRIVATE_KEY)/;

/** Every Secret name a pod of the overlay reads (envFrom, env, volumes). */
function secretsReadByPods(objects: K8sObject[]): string[] {
  const names = objects.filter(hasPodTemplate).flatMap((object) => {
    const pod = podSpec(object);
    return [
      ...pod.containers.flatMap((container) => [
        ...(container.envFrom ?? []).map((source) => source.secretRef?.name),
        ...(container.env ?? []).map((variable) => variable.valueFrom?.secretKeyRef?.name),
      ]),
      ...(pod.volumes ?? []).map((volume) => volume.secret?.secretName),
    ];
  });
  return [...new Set(names.filter((name): name is string => Boolean(name)))].sort();
}

describe('secrets', () => {
  it('writes no Secret with data anywhere under infra/k8s', () => {
    const files = filesUnder('infra/k8s').filter((path) => /\.ya?ml$/.test(path));
    assert.ok(files.length > 0);
    const withData = files.flatMap((path) =>
      parseAllDocuments(readRepoFile(path))
        .map((document) => document.toJS() as K8sObject | null)
        .filter((object) => object?.kind === 'Secret' && (object.data || object.stringData))
        .map((object) => `${path}: Secret ${object?.metadata.name}`),
    );
    expect(withData).toStrictEqual([]);
    const generators = files.filter((path) => /secretGenerator/.test(readRepoFile(path)));
    // a kustomize secretGenerator would put values in the repository
    expect(generators).toStrictEqual([]);
  });

  for (const overlay of overlays) {
    describe(`in ${overlay}`, () => {
      const objects = renderOverlay(overlay);

      it('renders no Secret: the External Secrets Operator makes them in the cluster', () => {
        assert.deepEqual(
          objects.filter((object) => object.kind === 'Secret').map((object) => object.metadata.name),
          [],
        );
      });

      it('has an ExternalSecret (or, for Kafka credentials, a KafkaUser) for every Secret a pod reads', () => {
        for (const name of secretsReadByPods(objects)) {
          assert.ok(secretKeys(name, objects).length > 0, `the ExternalSecret of ${name} gives no key`);
        }
      });

      it('takes the Ingress certificate from cert-manager when it serves TLS', () => {
        for (const ingress of ofKind<IIngress>('Ingress')(objects)) {
          if (!ingress.spec?.tls?.length) continue;
          assert.ok(
            ingress.metadata.annotations?.['cert-manager.io/cluster-issuer'] ||
              ingress.metadata.annotations?.['cert-manager.io/issuer'],
            `Ingress ${ingress.metadata.name} names TLS Secrets nobody creates without a cert-manager issuer`,
          );
        }
      });
    });
  }

  it('leaves every secret of .env.example empty', () => {
    const { active } = envExample();
    const filled = Object.entries(active)
      .filter(([name, value]) => SECRET_NAME.test(name) && value !== '')
      .map(([name]) => name);
    assert.deepEqual(filled, []);
  });

  it('takes every secret of docker-compose.yml from a variable, never a literal', () => {
    const compose = parse(readRepoFile('docker-compose.yml'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, unknown> }>;
    };
    const literals = Object.entries(compose.services).flatMap(([service, { environment = {} }]) =>
      Object.entries(environment)
        .filter(([name, value]) => SECRET_NAME.test(name) && !/^\$\{\w+[^}]*\}$/.test(String(value)))
        .map(([name]) => `${service}: ${name}`),
    );
    assert.deepEqual(literals, []);
  });
});

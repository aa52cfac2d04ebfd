// Every overlay of infra/k8s renders with `kubectl kustomize`, and every object it renders is valid
// against the Kubernetes schemas (kubernetes-models), in the namespace, labelled with its stage.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import { invalidity } from './support/k8s-schemas.js';
import {
  hasPodTemplate,
  type K8sObject,
  overlays,
  podSpec,
  renderKustomization,
  renderOverlay,
} from './support/kubernetes.js';
import { readRepoFile, repoPath } from './support/repo.js';

const STAGES = ['setup', 'jobs', 'apps'];
const id = (object: K8sObject) => `${object.kind} ${object.metadata.name}`;

/** A digest, or a tag that is not `latest`. */
function pinned(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = image.split('/').at(-1)?.split(':')[1];
  return tag !== undefined && tag !== 'latest';
}

/** The stages an object may belong to in a rollout (infra/k8s/rollout.sh). */
function allowedStages(object: K8sObject): string[] {
  if (object.kind === 'Job') return ['jobs'];
  // Settings are applied before the Jobs or with them (the topic script goes with its Job).
  if (object.kind === 'ConfigMap') return ['setup', 'jobs'];
  const isApp = object.metadata.labels?.['app.kubernetes.io/part-of'] === 'multimfa';
  if (['Deployment', 'PodDisruptionBudget', 'HorizontalPodAutoscaler'].includes(object.kind) && isApp) {
    return ['apps'];
  }
  return ['setup'];
}

describe('Kubernetes manifests', () => {
  it('has a dev and a prod overlay', () => {
    expect(overlays).toStrictEqual(['dev', 'prod']);
  });

  it('renders the base on its own', () => {
    assert.ok(renderKustomization('base').length > 0, 'the base renders no object');
  });

  for (const overlay of overlays) {
    describe(`overlay ${overlay}`, () => {
      it('renders every object valid against the Kubernetes schemas', () => {
        const objects = renderOverlay(overlay);
        const invalid = objects
          .map((object) => ({ object, problem: invalidity(object) }))
          .filter(({ problem }) => problem !== undefined)
          .map(({ object, problem }) => `${id(object)}: ${problem}`);
        assert.deepEqual(invalid, [], `invalid objects in ${overlay}`);
      });

      it('puts every namespaced object in the namespace multimfa', () => {
        const elsewhere = renderOverlay(overlay)
          .filter((object) => object.kind !== 'Namespace' && object.metadata.namespace !== 'multimfa')
          .map(id);
        assert.deepEqual(elsewhere, []);
      });

      it('names no object twice', () => {
        const ids = renderOverlay(overlay).map(id);
        assert.deepEqual(
          ids.filter((name, index) => ids.indexOf(name) !== index),
          [],
        );
      });

      it('labels every object with the rollout stage it belongs to', () => {
        const wrong = renderOverlay(overlay)
          .map((object) => ({ object, stage: object.metadata.labels?.['multimfa.io/stage'] ?? '(none)' }))
          .filter(({ object, stage }) => !allowedStages(object).includes(stage))
          .map(
            ({ object, stage }) =>
              `${id(object)} is "${stage}", expected ${allowedStages(object).join(' or ')}`,
          );
        assert.deepEqual(wrong, []);
      });

      it('uses images with a fixed version, never latest', () => {
        const images = renderOverlay(overlay).flatMap((object) =>
          hasPodTemplate(object)
            ? (podSpec(object).containers ?? []).map((container) => ({
                where: id(object),
                image: container.image ?? '',
              }))
            : [],
        );
        assert.ok(images.length > 0);
        const floating = images
          .filter(({ image }) => !pinned(image))
          .map(({ where, image }) => `${where}: ${image}`);
        assert.deepEqual(floating, []);
      });
    });
  }

  it('rolls out in the order of the stages, waiting for the Jobs', () => {
    const script = readRepoFile('infra/k8s/rollout.sh');
    execFileSync('bash', ['-n', repoPath('infra/k8s/rollout.sh')]);
    const applied = [...script.matchAll(/apply -f "\$rendered" -l multimfa\.io\/stage=(\w+)/g)].map(
      (match) => match[1],
    );
    assert.deepEqual(applied, STAGES, 'rollout.sh must apply setup, then jobs, then apps');
    assert.match(
      script,
      /kubectl wait[^\n]*--for=condition=Complete[^\n]*job/,
      'rollout.sh must wait for the Jobs',
    );
  });
});

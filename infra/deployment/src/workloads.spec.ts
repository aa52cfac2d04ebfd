// Every deployable of the workspace runs in Kubernetes as a hardened Deployment with a Service and
// a PodDisruptionBudget: probes on the health routes, requests and limits, non-root and read-only,
// time to drain, 2 replicas or more in prod (the gateway and messaging through an autoscaler).
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IService } from 'kubernetes-models/v1/Service';
import { appDeployables } from './support/deployables.js';
import {
  containerEnvironment,
  type K8sObject,
  named,
  ofKind,
  overlays,
  podSpec,
  renderOverlay,
  selects,
} from './support/kubernetes.js';

const deployments = ofKind<IDeployment>('Deployment');
const services = ofKind<IService>('Service');
const budgets = ofKind<IPodDisruptionBudget>('PodDisruptionBudget');
const autoscalers = ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');

/** The Deployments of MultiMFA itself (not dev's PostgreSQL, Redis and Kafka). */
const appDeployments = (objects: K8sObject[]) =>
  deployments(objects).filter((d) => d.metadata.labels?.['app.kubernetes.io/part-of'] === 'multimfa');

function onlyContainer(deployment: K8sObject): IContainer {
  const containers = podSpec(deployment).containers;
  assert.equal(containers.length, 1, `${deployment.metadata.name} runs one container`);
  return containers[0] as IContainer;
}

/** The SHUTDOWN_DRAIN_MS a container gets, in seconds (0 when unset). */
const drainSeconds = (container: IContainer, objects: K8sObject[]) =>
  Number(containerEnvironment(container, objects).values.SHUTDOWN_DRAIN_MS ?? 0) / 1000;

for (const overlay of overlays) {
  describe(`workloads in ${overlay}`, () => {
    const objects = renderOverlay(overlay);

    it('gives every deployable a Deployment, a Service selecting its pods and a PodDisruptionBudget', () => {
      for (const { name } of appDeployables) {
        const deployment = named(deployments(objects), name, 'Deployment');
        const podLabels = deployment.spec?.template.metadata?.labels ?? {};
        const service = named(services(objects), name, 'Service');
        assert.ok(
          Object.entries(service.spec?.selector ?? {}).every(([key, value]) => podLabels[key] === value),
          `Service ${name} must select the pods of Deployment ${name}`,
        );
        assert.deepEqual(
          service.spec?.ports?.map((port) => port.targetPort),
          ['http'],
          `Service ${name} targets the port named http`,
        );
        const budget = named(budgets(objects), name, 'PodDisruptionBudget');
        assert.ok(
          selects(budget.spec?.selector, podLabels),
          `PodDisruptionBudget ${name} must select its pods`,
        );
      }
      assert.deepEqual(
        appDeployments(objects)
          .map((d) => d.metadata.name)
          .sort(),
        appDeployables.map((d) => d.name).sort(),
        'one Deployment per deployable, no other',
      );
    });

    for (const deployment of appDeployments(objects)) {
      const { name } = deployment.metadata;
      describe(`Deployment ${name}`, () => {
        const pod = podSpec(deployment);
        const container = onlyContainer(deployment);

        it('serves http on 8080 (and metrics on 9090) and probes /health/live and /health/ready there', () => {
          const ports = name === 'web' ? [] : [{ name: 'metrics', containerPort: 9090 }];
          assert.deepEqual(container.ports, [{ name: 'http', containerPort: 8080 }, ...ports]);
          assert.equal(container.livenessProbe?.httpGet?.path, '/health/live');
          assert.equal(container.livenessProbe?.httpGet?.port, 'http');
          assert.equal(container.readinessProbe?.httpGet?.path, '/health/ready');
          assert.equal(container.readinessProbe?.httpGet?.port, 'http');
          if (container.startupProbe) assert.equal(container.startupProbe.httpGet?.path, '/health/live');
        });

        it('requests and limits CPU and memory', () => {
          for (const bound of ['requests', 'limits'] as const) {
            for (const resource of ['cpu', 'memory']) {
              assert.ok(
                container.resources?.[bound]?.[resource],
                `${name}: resources.${bound}.${resource} is missing`,
              );
            }
          }
        });

        it('runs as non-root, read-only, without privilege escalation or capabilities', () => {
          assert.equal(pod.securityContext?.runAsNonRoot, true, 'runAsNonRoot');
          assert.ok((pod.securityContext?.runAsUser ?? 0) > 0, 'a numeric non-root runAsUser');
          assert.equal(pod.securityContext?.seccompProfile?.type, 'RuntimeDefault', 'seccomp RuntimeDefault');
          assert.equal(
            container.securityContext?.allowPrivilegeEscalation,
            false,
            'allowPrivilegeEscalation',
          );
          assert.equal(container.securityContext?.readOnlyRootFilesystem, true, 'readOnlyRootFilesystem');
          assert.deepEqual(container.securityContext?.capabilities?.drop, ['ALL'], 'capabilities dropped');
          assert.equal(pod.automountServiceAccountToken, false, 'no service account token');
          assert.equal(pod.enableServiceLinks, false, 'no service link variables');
        });

        it('drains before it stops: preStop, then SHUTDOWN_DRAIN_MS, within the grace period', () => {
          const preStop = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
          assert.ok(preStop >= 3, `${name}: a preStop sleep of 3 s or more lets the endpoints go first`);
          const grace = pod.terminationGracePeriodSeconds ?? 30;
          const needed = preStop + drainSeconds(container, objects) + 10;
          assert.ok(
            grace >= needed,
            `${name}: terminationGracePeriodSeconds ${grace} < ${needed} (preStop + drain + 10 s)`,
          );
        });

        it('rolls without losing capacity', () => {
          assert.equal(deployment.spec?.strategy?.rollingUpdate?.maxUnavailable, 0);
        });
      });
    }
  });
}

describe('replicas in prod', () => {
  const objects = renderOverlay('prod');
  const scaled = new Map(autoscalers(objects).map((hpa) => [hpa.spec?.scaleTargetRef.name, hpa]));

  it('autoscales the gateway and messaging from 2 replicas, and nothing else', () => {
    assert.deepEqual([...scaled.keys()].sort(), ['gateway', 'messaging']);
    for (const [name, hpa] of scaled) {
      assert.equal(
        hpa.spec?.scaleTargetRef.kind,
        'Deployment',
        `${name}'s autoscaler targets its Deployment`,
      );
      assert.ok((hpa.spec?.minReplicas ?? 1) >= 2, `${name}: minReplicas must be 2 or more`);
      assert.ok((hpa.spec?.maxReplicas ?? 0) > (hpa.spec?.minReplicas ?? 1), `${name}: room to scale`);
    }
  });

  it('runs 2 replicas of every other Deployment, and leaves the autoscaled ones to their autoscaler', () => {
    for (const deployment of appDeployments(objects)) {
      const { name } = deployment.metadata;
      if (scaled.has(name)) {
        assert.equal(
          deployment.spec?.replicas,
          undefined,
          `${name}: replicas must be left to the autoscaler`,
        );
      } else {
        assert.equal(deployment.spec?.replicas, 2, `${name}: 2 replicas in prod`);
      }
    }
  });
});

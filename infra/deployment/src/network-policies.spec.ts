// Inside the cluster, nothing reaches a pod unless a NetworkPolicy allows it: the Ingress
// controller reaches the web app and the gateway, the web app the gateway, and only the gateway
// (and Prometheus, for /metrics) the services.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import { services } from './support/deployables.js';
import { type K8sObject, named, ofKind, overlays, renderOverlay, selects } from './support/kubernetes.js';

const INGRESS_CONTROLLER = 'namespace ingress-nginx';
const PROMETHEUS = 'namespace monitoring, pods app.kubernetes.io/name=prometheus';

/** A peer in words: `pods <name>` for pods of this namespace, else its namespace (and pods). */
function describePeer(peer: INetworkPolicyPeer): string {
  const pods = peer.podSelector?.matchLabels ?? {};
  if (peer.ipBlock) return `ipBlock ${peer.ipBlock.cidr}`;
  if (peer.namespaceSelector) {
    const namespace = peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] ?? 'any namespace';
    const podPart = Object.entries(pods).map(([key, value]) => `${key}=${value}`);
    return podPart.length ? `namespace ${namespace}, pods ${podPart.join(',')}` : `namespace ${namespace}`;
  }
  if (!peer.podSelector || Object.keys(pods).length === 0) return 'every pod of the namespace';
  return `pods ${pods['app.kubernetes.io/name'] ?? JSON.stringify(pods)}`;
}

/** Who may connect to the pods of a Deployment, from the policies selecting them. */
function allowedSources(deployment: K8sObject & IDeployment, objects: K8sObject[]): string[] {
  const labels = deployment.spec?.template.metadata?.labels ?? {};
  const policies = ofKind<INetworkPolicy>('NetworkPolicy')(objects).filter((policy) =>
    selects(policy.spec?.podSelector ?? {}, labels),
  );
  const sources = policies.flatMap((policy) =>
    (policy.spec?.ingress ?? []).flatMap((rule) => (rule.from ? rule.from.map(describePeer) : ['anyone'])),
  );
  return [...new Set(sources)].sort();
}

/** Who may connect to each named port of a Deployment's pods. */
function sourcesByPort(deployment: K8sObject & IDeployment, objects: K8sObject[]): Record<string, string[]> {
  const labels = deployment.spec?.template.metadata?.labels ?? {};
  const byPort: Record<string, Set<string>> = {};
  for (const policy of ofKind<INetworkPolicy>('NetworkPolicy')(objects)) {
    if (!selects(policy.spec?.podSelector ?? {}, labels)) continue;
    for (const rule of policy.spec?.ingress ?? []) {
      for (const port of rule.ports ?? [{ port: 'any port' }]) {
        const sources = rule.from ? rule.from.map(describePeer) : ['anyone'];
        const allowed = byPort[String(port.port)] ?? new Set<string>();
        for (const source of sources) allowed.add(source);
        byPort[String(port.port)] = allowed;
      }
    }
  }
  return Object.fromEntries(Object.entries(byPort).map(([port, sources]) => [port, [...sources].sort()]));
}

for (const overlay of overlays) {
  describe(`network policies in ${overlay}`, () => {
    const objects = renderOverlay(overlay);
    const deployments = ofKind<IDeployment>('Deployment')(objects);

    it('denies every incoming connection by default', () => {
      const denyAll = ofKind<INetworkPolicy>('NetworkPolicy')(objects).find(
        (policy) =>
          Object.keys(policy.spec?.podSelector ?? {}).length === 0 &&
          policy.spec?.policyTypes?.includes('Ingress') &&
          !policy.spec.ingress?.length,
      );
      assert.ok(denyAll, 'a policy selecting every pod with no ingress rule');
    });

    for (const { name } of services) {
      it(`lets only the gateway (and Prometheus) reach ${name}`, () => {
        assert.deepEqual(allowedSources(named(deployments, name, 'Deployment'), objects), [
          PROMETHEUS,
          'pods gateway',
        ]);
      });
    }

    for (const { name } of services) {
      it(`opens ${name}'s API port to the gateway alone and its metrics port to Prometheus alone`, () => {
        assert.deepEqual(sourcesByPort(named(deployments, name, 'Deployment'), objects), {
          http: ['pods gateway'],
          metrics: [PROMETHEUS],
        });
      });
    }

    it('lets the Ingress controller and the web app reach the gateway', () => {
      assert.deepEqual(allowedSources(named(deployments, 'gateway', 'Deployment'), objects), [
        INGRESS_CONTROLLER,
        PROMETHEUS,
        'pods web',
      ]);
    });

    it('lets the Ingress controller reach the web app', () => {
      assert.deepEqual(allowedSources(named(deployments, 'web', 'Deployment'), objects), [
        INGRESS_CONTROLLER,
        PROMETHEUS,
      ]);
    });
  });
}

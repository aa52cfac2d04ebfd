import { execFileSync } from 'node:child_process';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { parseAllDocuments } from 'yaml';
import { repoPath, subfolders } from './repo.js';

/** Any rendered object; the checks narrow it by kind to the kubernetes-models interfaces. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

/** infra/k8s/overlays/*: every environment the manifests describe. */
export const overlays: string[] = subfolders('infra/k8s/overlays');

/** `kubectl kustomize` of a folder under infra/k8s (an overlay or the base). */
export function renderKustomization(path: string): K8sObject[] {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', repoPath('infra/k8s', path)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT') {
      throw new Error(
        'kubectl is not installed: the Kubernetes checks render infra/k8s with `kubectl kustomize` (no cluster needed)',
      );
    }
    throw new Error(`kubectl kustomize infra/k8s/${path} failed:\n${stderr ?? String(error)}`);
  }
  return parseAllDocuments(output).map((document) => {
    if (document.errors.length) throw new Error(`infra/k8s/${path}: ${document.errors[0]?.message}`);
    return document.toJS() as K8sObject;
  });
}

const rendered = new Map<string, K8sObject[]>();

/** The objects of an overlay, rendered once per test file. */
export function renderOverlay(overlay: string): K8sObject[] {
  let objects = rendered.get(overlay);
  if (!objects) {
    objects = renderKustomization(`overlays/${overlay}`);
    rendered.set(overlay, objects);
  }
  return objects;
}

export const ofKind =
  <T>(kind: string) =>
  (objects: K8sObject[]): Array<K8sObject & T> =>
    objects.filter((object) => object.kind === kind) as Array<K8sObject & T>;

export function named<T extends K8sObject>(objects: T[], name: string, what: string): T {
  const found = objects.find((object) => object.metadata.name === name);
  if (!found) throw new Error(`no ${what} named ${name}`);
  return found;
}

/** Whether an object runs pods (Deployment, StatefulSet, Job). */
export const hasPodTemplate = (object: K8sObject): boolean =>
  Boolean((object.spec as { template?: unknown } | undefined)?.template);

/** The pod spec of a Deployment, StatefulSet or Job. */
export function podSpec(object: K8sObject): IPodSpec {
  const spec = (object.spec as { template?: { spec?: IPodSpec } } | undefined)?.template?.spec;
  if (!spec) throw new Error(`${object.kind} ${object.metadata.name} has no pod template`);
  return spec;
}

/**
 * The environment a container gets from Kubernetes: its `env`, the keys of the ConfigMaps it reads
 * and the keys of the Secrets it reads, which External Secrets create (their data and generators),
 * or Strimzi's User Operator for a KafkaUser.
 */
export function containerEnvironment(container: IContainer, objects: K8sObject[]) {
  const written: Record<string, string> = {};
  const fromSecrets = new Set<string>();
  const configMaps = ofKind<IConfigMap>('ConfigMap')(objects);
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const configMap = named(configMaps, source.configMapRef.name ?? '', 'ConfigMap');
      Object.assign(written, configMap.data ?? {});
    }
    if (source.secretRef) {
      const name = source.secretRef.name ?? '';
      for (const key of secretKeys(name, objects)) fromSecrets.add(key);
      Object.assign(written, fakeStoreValues(name, objects));
    }
  }
  const fromEnv: Record<string, string> = {};
  for (const { name, value, valueFrom } of container.env ?? []) {
    const configMapKey = valueFrom?.configMapKeyRef;
    const secretKey = valueFrom?.secretKeyRef;
    if (configMapKey) {
      const configMap = named(configMaps, configMapKey.name ?? '', 'ConfigMap');
      const referenced = configMap.data?.[configMapKey.key];
      if (referenced === undefined)
        throw new Error(`ConfigMap ${configMapKey.name} has no key ${configMapKey.key}`);
      fromEnv[name] = referenced;
    } else if (secretKey) {
      if (!secretKeys(secretKey.name ?? '', objects).includes(secretKey.key)) {
        throw new Error(`Secret ${secretKey.name} gets no key ${secretKey.key}`);
      }
      fromSecrets.add(name);
    } else {
      fromEnv[name] = value ?? '';
    }
  }
  return {
    /** Values written in the repository (ConfigMaps, `env`, dev's fake secret store), by name. */
    values: { ...written, ...fromEnv },
    /** Names only: the values are in the secret store. */
    secrets: fromSecrets,
  };
}

export interface ExternalSecretSpec {
  refreshInterval?: string;
  secretStoreRef?: { kind?: string; name?: string };
  target?: { name?: string; creationPolicy?: string };
  data?: Array<{ secretKey?: string; remoteRef?: { key?: string; property?: string } }>;
  dataFrom?: Array<{
    sourceRef?: { generatorRef?: { apiVersion?: string; kind?: string; name?: string } };
    rewrite?: Array<{ regexp?: { source?: string; target?: string } }>;
  }>;
}

function externalSecretFor(secretName: string, objects: K8sObject[]): ExternalSecretSpec {
  const externalSecret = objects
    .filter((object) => object.kind === 'ExternalSecret')
    .find((object) => (object.spec as ExternalSecretSpec).target?.name === secretName);
  if (!externalSecret) throw new Error(`no ExternalSecret creates the Secret ${secretName}`);
  return externalSecret.spec as ExternalSecretSpec;
}

/** The entries of an ESO "fake" SecretStore of the overlay (dev), by key; undefined for others. */
function fakeStore(name: string | undefined, objects: K8sObject[]): Map<string, string> | undefined {
  const store = objects.find((object) => object.kind === 'SecretStore' && object.metadata.name === name);
  const fake = (store?.spec as { provider?: { fake?: { data?: Array<{ key: string; value: string }> } } })
    ?.provider?.fake;
  return fake && new Map((fake.data ?? []).map(({ key, value }) => [key, value]));
}

/** The values a Secret gets from a fake store written in the overlay; fails on a key it lacks. */
function fakeStoreValues(secretName: string, objects: K8sObject[]): Record<string, string> {
  const spec = externalSecretFor(secretName, objects);
  if (spec.secretStoreRef?.kind !== 'SecretStore') return {};
  const store = fakeStore(spec.secretStoreRef.name, objects);
  if (!store) return {};
  return Object.fromEntries(
    (spec.data ?? []).map(({ secretKey = '', remoteRef }) => {
      const value = store.get(remoteRef?.key ?? '');
      if (value === undefined)
        throw new Error(`the store ${spec.secretStoreRef?.name} has no key ${remoteRef?.key}`);
      return [secretKey, value];
    }),
  );
}

/** What a Strimzi KafkaUser says, as the checks read it. */
export interface KafkaUserSpec {
  authentication?: { type?: string };
  authorization?: {
    type?: string;
    acls?: Array<{
      resource?: { type?: string; name?: string; patternType?: string };
      operations?: string[];
      operation?: string;
      host?: string;
      type?: string;
    }>;
  };
}

/**
 * The keys of the Secret Strimzi's User Operator makes for a KafkaUser of the overlay, named after
 * the user (no `secretPrefix` is configured); undefined when no KafkaUser has that name.
 */
function kafkaUserSecretKeys(secretName: string, objects: K8sObject[]): string[] | undefined {
  const user = objects.find((object) => object.kind === 'KafkaUser' && object.metadata.name === secretName);
  if (!user) return undefined;
  switch ((user.spec as KafkaUserSpec | undefined)?.authentication?.type) {
    case 'scram-sha-512':
      return ['password', 'sasl.jaas.config'];
    case 'tls':
      return ['ca.crt', 'user.crt', 'user.key', 'user.p12', 'user.password'];
    default:
      return [];
  }
}

/**
 * The keys of the Secret an ExternalSecret (or, for Kafka credentials, a Strimzi KafkaUser) of the
 * overlay creates; fails when none does.
 */
export function secretKeys(secretName: string, objects: K8sObject[]): string[] {
  const fromKafkaUser = kafkaUserSecretKeys(secretName, objects);
  if (fromKafkaUser) return fromKafkaUser;
  const spec = externalSecretFor(secretName, objects);
  return [
    ...(spec.data ?? []).map((entry) => entry.secretKey ?? ''),
    ...(spec.dataFrom ?? []).flatMap((entry) =>
      (entry.rewrite ?? []).map((rule) => rule.regexp?.target ?? ''),
    ),
  ].filter(Boolean);
}

/** Whether labels satisfy a Kubernetes label selector (matchLabels and matchExpressions). */
export function selects(
  selector:
    | {
        matchLabels?: Record<string, string>;
        matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
      }
    | undefined,
  labels: Record<string, string>,
): boolean {
  if (!selector) return false;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key] ?? '');
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key] ?? '');
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
      default:
        throw new Error(`unknown selector operator ${operator}`);
    }
  });
  return byLabel && byExpression;
}

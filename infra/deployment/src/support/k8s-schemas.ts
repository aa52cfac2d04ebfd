import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import type { ExternalSecretSpec, K8sObject, KafkaUserSpec } from './kubernetes.js';

/** Validates one object; throws with what is wrong. */
type Validator = (object: K8sObject) => void;

const model =
  <T>(Model: new (data: T) => { validate(): void }): Validator =>
  (object) =>
    new Model(object as T).validate();

/** Custom resources have no schema in kubernetes-models: their required shape, checked by hand. */
function requireFields(problems: Array<string | false>): void {
  const found = problems.filter((problem): problem is string => Boolean(problem));
  if (found.length) throw new Error(found.join('; '));
}

const externalSecret: Validator = (object) => {
  const spec = (object.spec ?? {}) as ExternalSecretSpec;
  requireFields([
    !['SecretStore', 'ClusterSecretStore'].includes(spec.secretStoreRef?.kind ?? '') &&
      'spec.secretStoreRef.kind must be SecretStore or ClusterSecretStore',
    !spec.secretStoreRef?.name && 'spec.secretStoreRef.name is required',
    !spec.target?.name && 'spec.target.name is required',
    !(spec.data?.length || spec.dataFrom?.length) && 'spec.data or spec.dataFrom is required',
    (spec.data ?? []).some((entry) => !entry.secretKey || !entry.remoteRef?.key) &&
      'every spec.data entry needs secretKey and remoteRef.key',
    (spec.dataFrom ?? []).some((entry) => !entry.sourceRef?.generatorRef?.name) &&
      'every spec.dataFrom entry here is a generatorRef with a name',
    typeof spec.refreshInterval !== 'string' && 'spec.refreshInterval must be a duration string',
  ]);
};

const secretStore: Validator = (object) => {
  const provider = (object.spec as { provider?: Record<string, unknown> } | undefined)?.provider ?? {};
  requireFields([Object.keys(provider).length !== 1 && 'spec.provider must name exactly one provider']);
};

const passwordGenerator: Validator = (object) => {
  const length = (object.spec as { length?: unknown } | undefined)?.length;
  requireFields([
    !(typeof length === 'number' && length >= 32) && 'spec.length must be a number of at least 32',
  ]);
};

const ACL_RESOURCES = ['topic', 'group', 'cluster', 'transactionalId'];
const ACL_OPERATIONS = [
  'Read',
  'Write',
  'Create',
  'Delete',
  'Alter',
  'Describe',
  'ClusterAction',
  'AlterConfigs',
  'DescribeConfigs',
  'IdempotentWrite',
  'All',
];

/** Strimzi's KafkaUser (kafka.strimzi.io/v1beta2): the fields its CRD requires, and valid ACLs. */
const kafkaUser: Validator = (object) => {
  const spec = (object.spec ?? {}) as KafkaUserSpec;
  const acls = spec.authorization?.acls ?? [];
  requireFields([
    !object.metadata.labels?.['strimzi.io/cluster'] &&
      'metadata.labels["strimzi.io/cluster"] must name the Kafka cluster (the User Operator ignores it otherwise)',
    !['tls', 'tls-external', 'scram-sha-512'].includes(spec.authentication?.type ?? '') &&
      'spec.authentication.type must be tls, tls-external or scram-sha-512',
    spec.authorization !== undefined &&
      spec.authorization.type !== 'simple' &&
      'spec.authorization.type must be simple',
    ...acls.flatMap((acl, index) => [
      !ACL_RESOURCES.includes(acl.resource?.type ?? '') &&
        `acls[${index}].resource.type must be one of ${ACL_RESOURCES.join(', ')}`,
      acl.resource?.type !== 'cluster' && !acl.resource?.name && `acls[${index}].resource.name is required`,
      !['literal', 'prefix', undefined].includes(acl.resource?.patternType) &&
        `acls[${index}].resource.patternType must be literal or prefix`,
      !(acl.operations?.length && acl.operations.every((operation) => ACL_OPERATIONS.includes(operation))) &&
        `acls[${index}].operations must list operations among ${ACL_OPERATIONS.join(', ')}`,
      acl.operation !== undefined && `acls[${index}].operation is deprecated: use operations`,
      !['allow', 'deny', undefined].includes(acl.type) && `acls[${index}].type must be allow or deny`,
    ]),
  ]);
};

/** What a PrometheusRule says, as the checks read it. */
export interface PrometheusRuleSpec {
  groups?: Array<{
    name?: string;
    rules?: Array<{
      alert?: string;
      record?: string;
      expr?: unknown;
      for?: unknown;
      labels?: Record<string, unknown>;
    }>;
  }>;
}

const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;

/** The Prometheus Operator's PrometheusRule (monitoring.coreos.com/v1): the fields its CRD requires. */
const prometheusRule: Validator = (object) => {
  const groups = (object.spec as PrometheusRuleSpec | undefined)?.groups ?? [];
  requireFields([
    !groups.length && 'spec.groups is required',
    ...groups.flatMap((group, index) => [
      !group.name && `groups[${index}].name is required`,
      !group.rules?.length && `groups[${index}].rules is required`,
      ...(group.rules ?? []).flatMap((rule, ruleIndex) => [
        !(rule.alert || rule.record) && `groups[${index}].rules[${ruleIndex}] needs alert or record`,
        !(typeof rule.expr === 'string' && rule.expr.trim()) &&
          `groups[${index}].rules[${ruleIndex}].expr must be a PromQL expression`,
        rule.for !== undefined &&
          !(typeof rule.for === 'string' && DURATION.test(rule.for)) &&
          `groups[${index}].rules[${ruleIndex}].for must be a duration such as 5m`,
      ]),
    ]),
  ]);
};

/** Every kind the manifests may contain, by apiVersion/kind. A new kind must be added here. */
export const validators: Record<string, Validator> = {
  'v1/Namespace': model(Namespace),
  'v1/ServiceAccount': model(ServiceAccount),
  'v1/ConfigMap': model(ConfigMap),
  'v1/Secret': model(Secret),
  'v1/Service': model(Service),
  'apps/v1/Deployment': model(Deployment),
  'apps/v1/StatefulSet': model(StatefulSet),
  'batch/v1/Job': model(Job),
  'policy/v1/PodDisruptionBudget': model(PodDisruptionBudget),
  'autoscaling/v2/HorizontalPodAutoscaler': model(HorizontalPodAutoscaler),
  'networking.k8s.io/v1/Ingress': model(Ingress),
  'networking.k8s.io/v1/NetworkPolicy': model(NetworkPolicy),
  'external-secrets.io/v1/ExternalSecret': externalSecret,
  'external-secrets.io/v1/SecretStore': secretStore,
  'generators.external-secrets.io/v1alpha1/Password': passwordGenerator,
  'kafka.strimzi.io/v1beta2/KafkaUser': kafkaUser,
  'monitoring.coreos.com/v1/PrometheusRule': prometheusRule,
};

/** Why an object is invalid, or undefined when it is valid. */
export function invalidity(object: K8sObject): string | undefined {
  const validate = validators[`${object.apiVersion}/${object.kind}`];
  if (!validate)
    return `no schema for ${object.apiVersion} ${object.kind}: add one to support/k8s-schemas.ts`;
  try {
    validate(object);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

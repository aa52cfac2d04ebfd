#!/usr/bin/env bash
# Rolls MultiMFA out to the cluster kubectl points at, in the order the manifests need, every
# object being labelled with its stage (multimfa.io/stage):
#   1. setup  namespace, settings, secret references, Services, NetworkPolicies, Ingress (in prod,
#             the Kafka users; in dev, PostgreSQL, Redis and Kafka); waits until the Secrets exist
#   2. jobs   database migrations and Kafka topics, with the new images; waits for all to complete
#   3. apps   Deployments, PodDisruptionBudgets, autoscalers; waits for every rollout
# A failed Job stops here, before any pod of the new version starts.
# Usage: infra/k8s/rollout.sh dev|prod
set -euo pipefail

overlay="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/overlays/${1:?usage: rollout.sh dev|prod}"
namespace=multimfa
rendered="$(mktemp)"
trap 'rm -f "$rendered"' EXIT
kubectl kustomize "$overlay" >"$rendered"

echo "[rollout] setup"
kubectl apply -f "$rendered" -l multimfa.io/stage=setup
kubectl wait -n "$namespace" --for=condition=Ready externalsecret --all --timeout=5m
# prod: Strimzi's User Operator has made each KafkaUser's Secret (its password) before pods read it.
if grep -q '^kind: KafkaUser$' "$rendered"; then
  kubectl wait -n "$namespace" --for=condition=Ready kafkauser --all --timeout=5m
fi
for statefulset in $(kubectl get statefulset -n "$namespace" -o name); do
  kubectl rollout status -n "$namespace" "$statefulset" --timeout=10m
done

echo "[rollout] jobs"
# A Job's pod template cannot change: the previous run's Jobs go, then the new ones run.
kubectl delete job -n "$namespace" -l multimfa.io/stage=jobs --ignore-not-found --wait=true
kubectl apply -f "$rendered" -l multimfa.io/stage=jobs
if ! kubectl wait -n "$namespace" --for=condition=Complete job -l multimfa.io/stage=jobs --timeout=15m; then
  kubectl get jobs -n "$namespace" -l multimfa.io/stage=jobs
  echo "[rollout] a Job did not complete: see kubectl logs -n $namespace job/<name>; nothing was rolled out" >&2
  exit 1
fi

echo "[rollout] apps"
kubectl apply -f "$rendered" -l multimfa.io/stage=apps
for deployment in $(kubectl get deployment -n "$namespace" -l app.kubernetes.io/part-of=multimfa -o name); do
  kubectl rollout status -n "$namespace" "$deployment" --timeout=10m
done
echo "[rollout] done"

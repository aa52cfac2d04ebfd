#!/bin/bash
# Creates MultiMFA's Kafka topics, and sets the retention of those that exist; safe to run again.
# Runs in the apache/kafka image: the Kubernetes Job `kafka-topics` and the compose service of the
# same name. The list below must equal topicList() of packages/events/src/topics.config.ts (partitions,
# retention in ms): infra/deployment's tests compare them. A topic's partitions are never changed
# here, since that would move keys to other partitions: do it deliberately, with kafka-topics.sh.
set -euo pipefail

: "${KAFKA_BROKERS:?KAFKA_BROKERS (host:port,...) is required}"
prefix="${KAFKA_TOPIC_PREFIX:-}"
replication="${KAFKA_TOPIC_REPLICATION_FACTOR:-1}"
min_insync="${KAFKA_TOPIC_MIN_INSYNC_REPLICAS:-1}"
bin=/opt/kafka/bin

# TLS and SASL/SCRAM as the services read them (KAFKA_TLS, KAFKA_TLS_CA_FILE, KAFKA_SASL_MECHANISM,
# KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD; unset: plaintext, as in compose): a client configuration
# for the Kafka tools, written where only this process reads it and never printed.
client=()
tls="${KAFKA_TLS:-false}"
mechanism="${KAFKA_SASL_MECHANISM:-}"
if [[ "$tls" != true && "$tls" != false ]]; then
  echo "KAFKA_TLS must be true or false" >&2
  exit 1
fi
if [[ "$tls" == true || -n "$mechanism" ]]; then
  config="$(mktemp /tmp/kafka-client.XXXXXX.properties)"
  trap 'rm -f "$config"' EXIT
  protocol=SSL
  [[ -n "$mechanism" ]] && protocol=SASL_SSL
  [[ "$tls" == false ]] && protocol=SASL_PLAINTEXT
  {
    echo "security.protocol=$protocol"
    if [[ -n "$mechanism" ]]; then
      case "$mechanism" in
        scram-sha-512 | scram-sha-256) ;;
        *)
          echo "KAFKA_SASL_MECHANISM must be scram-sha-512 or scram-sha-256" >&2
          exit 1
          ;;
      esac
      : "${KAFKA_SASL_USERNAME:?KAFKA_SASL_USERNAME is required with KAFKA_SASL_MECHANISM}"
      : "${KAFKA_SASL_PASSWORD:?KAFKA_SASL_PASSWORD is required with KAFKA_SASL_MECHANISM}"
      # JAAS quotes the values (\ and " escaped), then the properties file escapes every \.
      jaas_quote() {
        local value="${1//\\/\\\\}"
        printf '"%s"' "${value//\"/\\\"}"
      }
      jaas="org.apache.kafka.common.security.scram.ScramLoginModule required username=$(jaas_quote "$KAFKA_SASL_USERNAME") password=$(jaas_quote "$KAFKA_SASL_PASSWORD");"
      echo "sasl.mechanism=${mechanism^^}"
      echo "sasl.jaas.config=${jaas//\\/\\\\}"
    fi
    if [[ -n "${KAFKA_TLS_CA_FILE:-}" ]]; then
      echo "ssl.truststore.type=PEM"
      echo "ssl.truststore.location=$KAFKA_TLS_CA_FILE"
    fi
  } >"$config"
  client=(--command-config "$config")
fi

# create <topic> <partitions> <retention.ms>, under KAFKA_TOPIC_PREFIX like the services
create() {
  "$bin/kafka-topics.sh" --bootstrap-server "$KAFKA_BROKERS" --create --if-not-exists "${client[@]}" \
    --topic "$prefix$1" --partitions "$2" --replication-factor "$replication" \
    --config "retention.ms=$3" --config "min.insync.replicas=$min_insync"
  "$bin/kafka-configs.sh" --bootstrap-server "$KAFKA_BROKERS" --alter "${client[@]}" \
    --entity-type topics --entity-name "$prefix$1" --add-config "retention.ms=$3"
}

create multimfa.identity.user.v1 6 1209600000
create multimfa.identity.notification.v1 6 3600000
create multimfa.billing.subscription.v1 6 1209600000
create multimfa.billing.invoice.v1 6 1209600000
create multimfa.billing.discount.v1 3 1209600000
create multimfa.numbers.mfa.v1 12 1209600000
create multimfa.numbers.invitation.v1 6 3600000
create multimfa.numbers.phone-number.v1 6 1209600000
create multimfa.messaging.message.v1 12 604800000
create multimfa.messaging.usage.v1 6 1209600000
create multimfa.messaging.destination.v1 6 1209600000
create multimfa.dead-letter.v1 3 2592000000

echo "topics ready"

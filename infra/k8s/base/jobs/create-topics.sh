#!/bin/bash
# Creates MultiMFA's Kafka topics, and sets the retention of those that exist; safe to run again.
# Runs in the apache/kafka image: the Kubernetes Job `kafka-topics` and the compose service of the
# same name. The list below must equal topicList() of packages/events/src/topics.ts (partitions,
# retention in ms): infra/deployment's tests compare them. A topic's partitions are never changed
# here, since that would move keys to other partitions: do it deliberately, with kafka-topics.sh.
set -euo pipefail

: "${KAFKA_BROKERS:?KAFKA_BROKERS (host:port,...) is required}"
prefix="${KAFKA_TOPIC_PREFIX:-}"
replication="${KAFKA_TOPIC_REPLICATION_FACTOR:-1}"
min_insync="${KAFKA_TOPIC_MIN_INSYNC_REPLICAS:-1}"
bin=/opt/kafka/bin

# create <topic> <partitions> <retention.ms>, under KAFKA_TOPIC_PREFIX like the services
create() {
  "$bin/kafka-topics.sh" --bootstrap-server "$KAFKA_BROKERS" --create --if-not-exists \
    --topic "$prefix$1" --partitions "$2" --replication-factor "$replication" \
    --config "retention.ms=$3" --config "min.insync.replicas=$min_insync"
  "$bin/kafka-configs.sh" --bootstrap-server "$KAFKA_BROKERS" --alter \
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
create multimfa.dead-letter.v1 3 2592000000

echo "topics ready"

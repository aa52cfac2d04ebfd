export { EventConsumer, type EventConsumerOptions, type EventHandler } from './consumer/event-consumer.js';
export { type DeadLetter, deadLetterHeaders, readDeadLetters, republish } from './dead-letter/dead-letter.js';
export {
  EVENT_BUS_OPTIONS,
  EventBusModule,
  type EventBusOptions,
  type EventSubscriber,
  KAFKA,
} from './event-bus.module.js';
export { checkKafka } from './health/kafka-check.js';
export { createKafka, type KafkaClientOptions } from './kafka/kafka-client.js';
export { ensureTopics } from './kafka/topics.js';
export { CreateEventBusTables1763700000000 } from './outbox/event-bus-tables.migration.js';
export { OUTBOX_CHANNEL, Outbox, type PublishOptions } from './outbox/outbox.js';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay.js';
export { OUTBOX_SHARDS, shardOf } from './outbox/shard.js';

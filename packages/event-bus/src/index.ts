export {
  type AfterCommit,
  EventConsumer,
  type EventConsumerOptions,
  type EventHandler,
  handlerKey,
  waitingIndicator,
} from './consumer/event.consumer.js';
export {
  consumerGroupId,
  EventBusServer,
  type EventBusServerOptions,
  EventContext,
  handledEvents,
} from './consumer/event-bus.server.js';
export { PermanentEventFailure } from './consumer/permanent-event-failure.errors.js';
export {
  type DeadLetter,
  deadLetterHeaders,
  readDeadLetters,
  readTopic,
  republish,
  TOPIC_READER_GROUP_PREFIX,
} from './dead-letter/dead-letter.client.js';
export {
  EVENT_BUS_OPTIONS,
  EventBusModule,
  type EventBusOptions,
  KAFKA,
  startEventHandlers,
} from './event-bus.module.js';
export { checkKafka } from './health/kafka.check.js';
export {
  createKafka,
  type KafkaClientOptions,
  type KafkaConnection,
  type KafkaSasl,
  kafkaConnection,
  kafkaConnectionConfig,
} from './kafka/kafka.client.js';
export { ensureTopics } from './kafka/topics.client.js';
export { eventBusMigrations } from './outbox/event-bus.migrations.js';
export { CreateEventBusTables1763700000000 } from './outbox/event-bus-tables.migration.js';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox.relay.js';
export {
  OUTBOX_CHANNEL,
  Outbox,
  type OutboxEvent,
  type OutboxWrite,
  outboxEvent,
  outboxWriteSql,
  type PublishOptions,
} from './outbox/outbox.service.js';
export { OutboxEventIdNotUnique1767600000000 } from './outbox/outbox-event-id-not-unique.migration.js';
export { OutboxPlainEnvelope1766000000000 } from './outbox/outbox-plain-envelope.migration.js';
export { OutboxUnpublishedIndex1766300000000 } from './outbox/outbox-unpublished-index.migration.js';
export { OUTBOX_SHARDS, shardOf } from './outbox/shard.rules.js';

export * from './billing.events.js';
export { catalogue, publishedEvents } from './catalogue.events.js';
export { compatible, type Incompatibility } from './compatibility.rules.js';
export { defineEvent, EventCatalogue, type EventDefinition, type PayloadOf } from './define-event.builder.js';
export { type EventEnvelope, envelopeSchema } from './envelope.schema.js';
export * from './identity.events.js';
export * from './messaging.events.js';
export * from './numbers.events.js';
export {
  describeRolloutOrderViolation,
  type EventVersion,
  type RolloutOrderViolation,
  rolloutOrderViolations,
  type ServiceEvents,
} from './rollout-order.rules.js';
export { openSecret, sealedSecretSchema, sealingKeySetting, sealSecret } from './sealed-secret.cipher.js';
export { TOPICS, type TopicKey, type TopicSpec, topicList } from './topics.config.js';

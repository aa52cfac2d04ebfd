export * from './billing.js';
export { catalogue, publishedEvents } from './catalogue.js';
export { compatible, type Incompatibility } from './compatibility.js';
export { defineEvent, EventCatalogue, type EventDefinition, type PayloadOf } from './define-event.js';
export { type EventEnvelope, envelopeSchema } from './envelope.js';
export * from './identity.js';
export * from './numbers.js';
export { openSecret, sealedSecretSchema, sealingKeySetting, sealSecret } from './sealed-secret.js';
export { TOPICS, type TopicKey, type TopicSpec, topicList } from './topics.js';

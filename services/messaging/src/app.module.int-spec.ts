import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { EventBusServer } from '@multimfa/event-bus';
import { ModulesContainer } from '@nestjs/core';
import { type MessagingTestApp, startMessagingTestApp } from './testing/messaging-test-app.harness.js';

describe("messaging's modules (real PostgreSQL, Redis and Kafka)", () => {
  let messaging: MessagingTestApp;

  beforeAll(async () => {
    messaging = await startMessagingTestApp();
    // Stopping a consumer still joining its group would leave kafkajs calling after the file ended.
    await messaging.app.get(EventBusServer).joined();
  });

  afterAll(async () => {
    await messaging?.close();
  });

  it('builds each module once, however many modules import it (one queue connection, one sender per provider)', () => {
    const names = [...messaging.app.get(ModulesContainer).values()].map((module) => module.metatype.name);
    const twice = names.filter((name, index) => names.indexOf(name) !== index);
    assert.deepEqual(twice, []);
    assert.ok(names.includes('ProvidersModule'));
  });
});

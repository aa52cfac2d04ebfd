import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createTestDatabase, dropTestDatabase } from '@multimfa/service-runtime/testing';
import { DataSource } from 'typeorm';
import { CreateEventBusTables1763700000000 } from './event-bus-tables.migration.js';
import { OutboxPlainEnvelope1766000000000 } from './outbox-plain-envelope.migration.js';

describe('the outbox migration to plain JSON envelopes', () => {
  let databaseUrl: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('outbox_plain');
    dataSource = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await dropTestDatabase(databaseUrl);
  });

  it('keeps rows written before it, their envelope text and header values filled from it', async () => {
    const runner = dataSource.createQueryRunner();
    try {
      await new CreateEventBusTables1763700000000().up(runner);
      const envelope = {
        eventId: '00000000-0000-4000-8000-000000000001',
        type: 'test.widget.changed',
        version: 1,
        correlationId: 'c-1',
        key: 'w',
        payload: { widgetId: 'w', seq: 1 },
      };
      await runner.query(
        `INSERT INTO outbox_event (event_id, topic, message_key, shard, envelope)
         VALUES ($1, 't', 'w', 0, $2)`,
        [envelope.eventId, JSON.stringify(envelope)],
      );
      await new OutboxPlainEnvelope1766000000000().up(runner);
      const [row] = await runner.query(
        'SELECT event_type, correlation_id, envelope::text AS envelope FROM outbox_event',
      );
      assert.equal(row.event_type, 'test.widget.changed');
      assert.equal(row.correlation_id, 'c-1');
      assert.deepEqual(JSON.parse(row.envelope), envelope);
    } finally {
      await runner.release();
    }
  });
});

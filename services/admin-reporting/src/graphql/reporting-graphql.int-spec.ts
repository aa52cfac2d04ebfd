import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createKafka, ensureTopics } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { logEntryWritten, topicList } from '@multimfa/events';
import { loadConfig } from '@multimfa/service-runtime';
import {
  createTestDatabase,
  createTestServiceApp,
  dropTestDatabase,
  testGatewayCaller,
  testInfrastructure,
  testLogger,
} from '@multimfa/service-runtime/testing';
import type { INestApplication } from '@nestjs/common';
import type { GraphqlResponse } from '../contract.js';
import { adminReportingService } from '../service.js';
import { writtenLog } from '../testing/report-events.builder.js';

interface LogsPage {
  logs: {
    edges: Array<{ cursor: string; node: { multiMFALogId: string; message: string; createdAt: string } }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

describe('admin-reporting GraphQL over the read models (real PostgreSQL, Kafka, Redis)', () => {
  const prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`;
  const logger = testLogger('admin-reporting');
  const kafka = createKafka({
    clientId: 'reporting-graphql-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger,
  });
  const producer = kafka.producer();
  let app: INestApplication;
  let baseUrl: string;
  let databaseUrl: string;

  async function graphql(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: GraphqlResponse }> {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(headers ?? (await testGatewayCaller.headers('admin-reporting'))),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as GraphqlResponse };
  }

  const PAGE = `query Page($mobileNo: String, $after: String) {
    logs(first: 2, mobileNo: $mobileNo, after: $after) {
      edges { cursor node { multiMFALogId message createdAt } }
      pageInfo { hasNextPage endCursor }
    }
  }`;

  beforeAll(async () => {
    await ensureTopics(kafka, topicList(prefix));
    await producer.connect();
    databaseUrl = await createTestDatabase('admin_reporting_graphql');
    app = await createTestServiceApp(
      adminReportingService,
      loadConfig(adminReportingService.configSchema, {
        PORT: '1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: testInfrastructure.redisUrl,
        KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        ...testGatewayCaller.env,
      }),
      logger,
    );
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
  });

  afterAll(async () => {
    await producer.disconnect();
    await app?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: topicList(prefix).map((topic) => topic.name) }).catch(() => undefined);
    await admin.disconnect();
  });

  it('logs: pages of 2 newest first with opaque cursors; endCursor reads the next page; the last page says hasNextPage false; two entries of the same instant keep one order', async () => {
    const ours = `+1646557${String(randomInt(10_000)).padStart(4, '0')}`;
    const at = (minute: number) => new Date(Date.UTC(2025, 4, 1, 8, minute)).toISOString();
    const entries = [0, 1, 2, 3].map((minute) =>
      writtenLog({ mobileNo: ours, message: `entry ${minute}`, createdAt: at(minute) }),
    );
    // A fifth entry at the same instant as the newest: the log id breaks the tie.
    entries.push(writtenLog({ mobileNo: ours, message: 'entry 3 again', createdAt: at(3) }));
    for (const entry of entries) await publishTestEvent(producer, prefix, logEntryWritten, entry);

    let first: LogsPage | undefined;
    for (let i = 0; i < 300 && !first; i += 1) {
      const probe = await graphql(`{ logs(first: 10, mobileNo: "${ours}") { edges { cursor } } }`);
      if ((probe.body.data as unknown as LogsPage | undefined)?.logs.edges.length === 5)
        first = (await graphql(PAGE, { mobileNo: ours })).body.data as unknown as LogsPage;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(first, 'every entry was applied');

    const newestFirst = [...entries].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.logId.localeCompare(a.logId),
    );
    // Spread into this realm's array: the fetched JSON's arrays come from another realm.
    const ids = (page: LogsPage) => [...page.logs.edges.map((edge) => edge.node.multiMFALogId)];
    assert.deepEqual(
      ids(first),
      newestFirst.slice(0, 2).map((entry) => entry.logId),
    );
    assert.equal(first.logs.pageInfo.hasNextPage, true);
    assert.equal(first.logs.pageInfo.endCursor, first.logs.edges[1]?.cursor);
    expect(first.logs.edges[0]?.node.createdAt).toBe(at(3));

    const second = (await graphql(PAGE, { mobileNo: ours, after: first.logs.pageInfo.endCursor })).body
      .data as unknown as LogsPage;
    assert.deepEqual(
      ids(second),
      newestFirst.slice(2, 4).map((entry) => entry.logId),
    );
    assert.equal(second.logs.pageInfo.hasNextPage, true);

    const last = (await graphql(PAGE, { mobileNo: ours, after: second.logs.pageInfo.endCursor })).body
      .data as unknown as LogsPage;
    assert.deepEqual(ids(last), [newestFirst[4]?.logId]);
    assert.equal(last.logs.pageInfo.hasNextPage, false);
    assert.equal(last.logs.pageInfo.endCursor, last.logs.edges[0]?.cursor);

    const tampered = await graphql(PAGE, { mobileNo: ours, after: 'not-a-cursor' });
    assert.equal(tampered.body.errors?.[0]?.message, 'after is not a cursor of this list');
    const tooMany = await graphql(`{ logs(first: 101) { pageInfo { hasNextPage } } }`);
    assert.equal(tooMany.body.errors?.[0]?.message, 'first is 1 to 100');
  });

  it('refuses a query nested deeper than 6 levels with the depth error, before running it', async () => {
    const { status, body } = await graphql(
      '{ logs { edges { node { members { firstName { a { b { c } } } } } } } }',
    );
    assert.equal(status, 200);
    assert.equal(body.data, undefined);
    assert.ok(
      body.errors?.some((error) => error.message === "'' exceeds maximum operation depth of 6"),
      JSON.stringify(body.errors),
    );
  });

  it('refuses a query costing more than 1000 (100 log entries with every field) with its cost, and runs the same selection for 25', async () => {
    const selection = `edges { cursor node { multiMFALogId logType mobileNo message createdAt members { firstName lastName } } }
      pageInfo { hasNextPage endCursor }`;
    const costly = await graphql(`{ logs(first: 100) { ${selection} } }`);
    assert.equal(costly.body.data, undefined);
    expect(costly.body.errors).toStrictEqual([
      {
        message: 'The query costs 1401, more than the 1000 allowed',
        extensions: { code: 'QUERY_TOO_COSTLY' },
      },
    ]);
    const affordable = await graphql(`{ logs(first: 25) { ${selection} } }`);
    assert.equal(affordable.body.errors, undefined);
    assert.ok(affordable.body.data?.logs);
  });

  it('answers 401 to a caller without a service token', async () => {
    const { status } = await graphql('{ logs { pageInfo { hasNextPage } } }', undefined, {});
    assert.equal(status, 401);
  });
});

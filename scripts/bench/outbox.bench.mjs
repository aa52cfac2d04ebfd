// The transactional outbox against the best a direct kafkajs producer does on the same broker, in
// the same run. The direct baseline is batched, idempotent, acks=all; both carry the same envelopes.
//   throughput        N events written by a load generator in its own process (outbox: `batch`
//                     events per transaction through Outbox.publishAll; direct: `batch` messages per
//                     send), `writers` at once, from the generator's start until the last is consumed;
//                     split into the writers' time and the wait from the last write to the last
//                     consumed (the relay's backlog, for the outbox);
//   latency           200 events/s, one per transaction or per send: from the commit returning
//                     (outbox) or send() being called (direct) until the consumer holds the message;
//   restart           a consumer (EventConsumer) killed with SIGKILL, a new process started in its
//                     group: from the start of the new process until it applies its first event.
// The relay runs in a process of its own, as the load generator does.
// Each figure is the median of RUNS runs (min and max beside it); outbox and direct alternate
// (direct first in even rounds, outbox first in odd ones). The timing consumers run in this process.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ensureTopics, eventBusMigrations } from '../../packages/event-bus/dist/index.js';
import { TOPICS } from '../../packages/events/dist/index.js';
import { stateDir } from '../lib/paths.mjs';
import { itemTopic } from './outbox-item.mjs';

export const title = 'Transactional outbox against a direct batched, idempotent, acks=all kafkajs producer';
/** Needs only PostgreSQL and Kafka, not the services. */
export const needsApplication = false;

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RATE = 200;
const BATCH = 500;
const WRITERS = 2;
const KEYS = 64;
const RESTART_TARGET_MS = 10_000;
const now = () => performance.timeOrigin + performance.now();
const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const profiled = new Set((process.env.MMFA_CPU_PROF ?? '').split(',').filter(Boolean));
const profileArgs = (name) =>
  profiled.has(name) ? ['--cpu-prof', `--cpu-prof-dir=${join(stateDir, 'profiles', name)}`] : [];

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};

async function resetDatabase(postgresUrl, name) {
  const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return `${postgresUrl}/${name}`;
}

/** A consumer group on `topic` recording when each event (by payload.n) arrives. */
async function sink(kafka, topic, expected) {
  const seen = new Map();
  let resolve;
  const done = new Promise((r) => {
    resolve = r;
  });
  const consumer = kafka.consumer({ groupId: `bench-sink-${randomBytes(4).toString('hex')}` });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  const joined = new Promise((r) => consumer.on(consumer.events.GROUP_JOIN, r));
  await consumer.run({
    eachBatch: async ({ batch }) => {
      const at = now();
      for (const message of batch.messages) seen.set(JSON.parse(message.value.toString()).payload.n, at);
      if (seen.size >= expected) resolve();
    },
  });
  await joined;
  return { seen, done, stop: () => consumer.disconnect() };
}

/** Forks the load generator, hands it the run, and returns what it reports once done. */
async function generate(run) {
  const child = fork(here('./outbox-load.mjs'), [], {
    stdio: 'inherit',
    execArgv: profileArgs('outbox-load'),
  });
  await once(child, 'message');
  child.send(run);
  await once(child, 'message');
  return {
    child,
    go: async () => {
      child.send('go');
      const [result] = await once(child, 'message');
      return result;
    },
  };
}

export async function run({ config, seconds }) {
  const brokers = [config.kafka.brokers];
  const kafka = new Kafka({ clientId: 'bench', brokers, logLevel: logLevel.NOTHING });
  const databaseUrl = await resetDatabase(config.postgresUrl, 'mmfa_bench_outbox');
  const dataSource = await new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations: eventBusMigrations,
    migrationsRun: true,
  }).initialize();
  // The relay as a service runs it (its defaults), in a process of its own. MMFA_CPU_PROF=outbox-relay
  // (or outbox-load) writes that process's V8 CPU profile into .state/profiles/<name> when it stops,
  // for scripts/bench/profile-top.mjs.
  const relay = fork(here('./outbox-relay.mjs'), [], {
    stdio: 'inherit',
    execArgv: profileArgs('outbox-relay'),
  });
  relay.send({ databaseUrl, brokers });
  await once(relay, 'message');
  const created = [];
  const freshTopic = async (label) => {
    const topicPrefix = `bench-${randomBytes(3).toString('hex')}.${label}.`;
    const topic = `${topicPrefix}${itemTopic.name}`;
    await ensureTopics(kafka, [{ ...itemTopic, name: topic }]);
    created.push(topic);
    return { topicPrefix, topic };
  };
  const count = Math.max(10_000, 2_000 * seconds);
  const base = { databaseUrl, brokers, batch: BATCH, writers: WRITERS, keys: KEYS };

  async function throughput(mode) {
    const { topicPrefix, topic } = await freshTopic(`tp-${mode}`);
    const consumed = await sink(kafka, topic, count);
    const load = await generate({ ...base, mode, kind: 'burst', count, topicPrefix });
    const { began, wrote } = await load.go();
    await consumed.done;
    const last = Math.max(...consumed.seen.values());
    await consumed.stop();
    return { rate: count / ((last - began) / 1000), writing: wrote - began, draining: last - wrote };
  }

  async function latency(mode) {
    const { topicPrefix, topic } = await freshTopic(`lat-${mode}`);
    const total = RATE * seconds;
    const consumed = await sink(kafka, topic, total);
    const load = await generate({ ...base, mode, kind: 'steady', rate: RATE, seconds, topicPrefix });
    const { left } = await load.go();
    await consumed.done;
    await consumed.stop();
    const latencies = left.map((at, n) => consumed.seen.get(n) - at);
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  }

  async function restartToFirstMessage(round) {
    const { topic } = await freshTopic(`restart-${round}`);
    const deadLetterTopic = `${topic}.${TOPICS.deadLetter.name}`;
    await ensureTopics(kafka, [{ ...TOPICS.deadLetter, name: deadLetterTopic }]);
    created.push(deadLetterTopic);
    const groupId = `bench-restart-${randomBytes(3).toString('hex')}`;
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
    await producer.connect();
    let n = 0;
    const ticker = setInterval(() => {
      const event = {
        eventId: crypto.randomUUID(),
        type: 'bench.item.changed',
        version: 1,
        occurredAt: new Date().toISOString(),
        correlationId: crypto.randomUUID(),
        causationId: null,
        key: `item-${n % KEYS}`,
        payload: { itemId: `item-${n % KEYS}`, n },
      };
      n += 1;
      producer
        .send({ topic, acks: -1, messages: [{ key: event.key, value: JSON.stringify(event) }] })
        .catch(() => undefined);
    }, 50);
    const start = () =>
      fork(
        here('./restart-consumer.mjs'),
        [databaseUrl, brokers.join(','), groupId, topic, deadLetterTopic],
        {
          stdio: 'inherit',
        },
      );
    const firstApplied = (child) =>
      new Promise((resolve) => child.on('message', (message) => message?.first && resolve(message.first)));
    try {
      const first = start();
      await firstApplied(first);
      const exited = once(first, 'exit');
      process.kill(first.pid, 'SIGKILL');
      await exited;
      const restartedAt = now();
      const second = start();
      const at = await firstApplied(second);
      const secondExited = once(second, 'exit');
      process.kill(second.pid, 'SIGKILL');
      await secondExited;
      return at - restartedAt;
    } finally {
      clearInterval(ticker);
      await producer.disconnect();
    }
  }

  const results = {
    direct: { tp: [], writing: [], draining: [], p50: [], p99: [] },
    outbox: { tp: [], writing: [], draining: [], p50: [], p99: [] },
    restart: [],
  };
  try {
    for (let round = 0; round < RUNS; round += 1) {
      const order = round % 2 === 0 ? ['direct', 'outbox'] : ['outbox', 'direct'];
      for (const mode of order) {
        const { rate, writing, draining } = await throughput(mode);
        results[mode].tp.push(rate);
        results[mode].writing.push(writing);
        results[mode].draining.push(draining);
      }
      for (const mode of order) {
        const { p50, p99 } = await latency(mode);
        results[mode].p50.push(p50);
        results[mode].p99.push(p99);
      }
      results.restart.push(await restartToFirstMessage(round));
      console.log(`[bench] outbox round ${round + 1}/${RUNS} done`);
    }
  } finally {
    relay.send('stop');
    await once(relay, 'message');
    await dataSource.destroy();
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: created }).catch(() => undefined);
    await admin.disconnect();
  }
  const ratio = (measured, baseline) => summary(measured).median / summary(baseline).median;
  return [
    {
      figure: `throughput, ${count} events, ${BATCH} per transaction/send, ${WRITERS} writers (events/s)`,
      baseline: summary(results.direct.tp),
      measured: summary(results.outbox.tp),
      better: 'higher',
      target: `>= 0.8 x direct: ${ratio(results.outbox.tp, results.direct.tp) >= 0.8 ? 'met' : 'MISSED'}`,
    },
    // Where the throughput run's time goes: the writers' part (commits, or sends), then the wait from
    // the last write until the last event is consumed (for the outbox, the relay's backlog).
    {
      figure: 'throughput run: writing all events (ms)',
      baseline: summary(results.direct.writing),
      measured: summary(results.outbox.writing),
      better: 'lower',
    },
    {
      figure: 'throughput run: last write to last consumed (ms)',
      baseline: summary(results.direct.draining),
      measured: summary(results.outbox.draining),
      better: 'lower',
    },
    {
      figure: `p50 commit/send to consume at ${RATE}/s (ms)`,
      baseline: summary(results.direct.p50),
      measured: summary(results.outbox.p50),
      better: 'lower',
    },
    {
      figure: `p99 commit/send to consume at ${RATE}/s (ms)`,
      baseline: summary(results.direct.p99),
      measured: summary(results.outbox.p99),
      better: 'lower',
      target: `<= 1.5 x direct: ${ratio(results.outbox.p99, results.direct.p99) <= 1.5 ? 'met' : 'MISSED'}`,
    },
    {
      figure: 'restart to first message after SIGKILL (ms)',
      baseline: RESTART_TARGET_MS,
      measured: summary(results.restart),
      better: 'lower',
      target: `< ${RESTART_TARGET_MS} ms: ${summary(results.restart).median < RESTART_TARGET_MS ? 'met' : 'MISSED'}`,
    },
  ];
}

// The bot-wait benchmark's load generator, in a process of its own (forked by bot-wait.bench.mjs).
// It receives its work over IPC and answers with the latencies it measured:
//   setup  registers `bots` bots in messaging's database (one RoboMFA each), as their events would;
//   bot    every bot waits through the gateway (GET /api/bot/v1/messages/next, re-armed with the
//          returned cursor); `rate` texts per second are inserted into inbound_message (one committed
//          INSERT each, round robin over the bots' RoboMFAs) and announced on Redis, as the inbound
//          webhook does (the contract's channel and announcement). Latency: from the INSERT's
//          commit returning to the waiting bot's answer;
//   redis  the baseline: `rate` messages per second published on a channel to a subscriber
//          connection of this process. Latency: from just before PUBLISH to the subscriber's message.
// Clock: performance.timeOrigin + performance.now().
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { messageArrivalChannel, messageArrivalSchema } from '@multimfa/service-contracts/messaging';
import { Redis } from 'ioredis';
import pg from 'pg';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

let db;
let setup;
let bots = [];

async function register(message) {
  setup = message;
  db = new pg.Pool({ connectionString: message.databaseUrl, max: 4 });
  bots = [];
  for (let i = 0; i < message.bots; i += 1) {
    const key = `mmfa_bot_${randomBytes(32).toString('base64url')}`;
    const bot = { botId: randomUUID(), mfaId: randomUUID(), key };
    await db.query(
      `INSERT INTO feed_bot (bot_id, mfa_id, user_id, key_hash, is_active, created_at)
       VALUES ($1, $2, $3, $4, true, now())`,
      [bot.botId, bot.mfaId, randomUUID(), createHash('sha256').update(key).digest('hex')],
    );
    bots.push(bot);
  }
}

/** Sends `rate` per second for `seconds`, calling `send(n)` on a fixed schedule. */
async function steady(rate, seconds, send) {
  const count = Math.round(rate * seconds);
  const start = performance.now();
  const pending = [];
  for (let n = 0; n < count; n += 1) {
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(send(n));
  }
  await Promise.all(pending);
  return count;
}

async function redisRound({ rate, seconds }) {
  const channel = `bench:bot-wait:${randomBytes(4).toString('hex')}`;
  const subscriber = new Redis(setup.redisUrl);
  const publisher = new Redis(setup.redisUrl);
  const latencies = [];
  subscriber.on('message', (_channel, text) => latencies.push(now() - JSON.parse(text).sentAt));
  await subscriber.subscribe(channel);
  const count = await steady(rate, seconds, (n) =>
    publisher.publish(channel, JSON.stringify({ n, messageId: randomUUID(), sentAt: now() })),
  );
  for (let i = 0; latencies.length < count && i < 100; i += 1) await sleep(50);
  subscriber.disconnect();
  publisher.disconnect();
  return { latencies, count };
}

async function botRound({ rate, seconds }) {
  const api = `${setup.gatewayUrl}/api/bot/v1/messages`;
  const committed = new Map();
  const answered = new Map();
  const stop = new AbortController();
  const errors = [];
  const loops = bots.map(async (bot) => {
    const headers = { authorization: `Bearer ${bot.key}` };
    const head = await fetch(`${api}?limit=0`, { headers }).then((response) => response.json());
    let cursor = head.data.cursor;
    while (!stop.signal.aborted) {
      try {
        const response = await fetch(`${api}/next?since=${cursor}&timeout=25`, {
          headers,
          signal: stop.signal,
        });
        if (response.status === 204) continue;
        const answer = await response.json();
        if (response.status !== 200) throw new Error(`${response.status} ${answer.message}`);
        answered.set(answer.data.messageId, now());
        cursor = answer.data.cursor;
      } catch (error) {
        if (!stop.signal.aborted) errors.push(String(error));
        if (!stop.signal.aborted) await sleep(100);
      }
    }
  });
  await sleep(500);
  const count = await steady(rate, seconds, async (n) => {
    const bot = bots[n % bots.length];
    const messageId = randomUUID();
    const { rows } = await db.query(
      `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body,
         code, received_at)
       VALUES ($1, $2, $3, 'RoboMFA', '+447700900123', 'Bench', 'Your code is 482913', '482913', now())
       RETURNING feed_position::text AS feed_position, xact_id::text AS xact_id`,
      [messageId, `SM${randomBytes(16).toString('hex')}`, bot.mfaId],
    );
    committed.set(messageId, now());
    // The announcement as the contract defines it (parsed, so a change of the contract fails here).
    const arrival = messageArrivalSchema.parse({
      mfaId: bot.mfaId,
      messageId,
      feedPosition: rows[0].feed_position,
      xact: rows[0].xact_id,
    });
    await setup.redis.publish(messageArrivalChannel(bot.mfaId), JSON.stringify(arrival));
  });
  for (let i = 0; answered.size < count && i < 200; i += 1) await sleep(50);
  stop.abort();
  await Promise.all(loops);
  const latencies = [...committed]
    .filter(([id]) => answered.has(id))
    .map(([id, at]) => answered.get(id) - at);
  if (errors.length) console.error(`[bench] bot-wait: ${errors.length} failed waits, first: ${errors[0]}`);
  return { latencies, count };
}

process.on('message', async (message) => {
  try {
    if (message.type === 'setup') {
      await register(message);
      setup.redis = new Redis(message.redisUrl);
      process.send({ ok: true });
    } else if (message.type === 'run') {
      const { latencies, count } = await (message.mode === 'redis' ? redisRound : botRound)(message);
      process.send({
        count,
        received: latencies.length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
      });
    } else {
      setup?.redis?.disconnect();
      await db?.end();
      process.send({ ok: true });
      process.exit(0);
    }
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) });
  }
});

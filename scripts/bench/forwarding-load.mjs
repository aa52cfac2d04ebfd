// The forwarding benchmark's load generators, in processes of their own (forked by
// forwarding.bench.mjs once per bench, then given one run after another over IPC: `{ run: params }`
// starts one, `'stop'` ends a run of bots; a run answers `{ ready: true }` once its bots wait, then
// `{ result }`). A process serves many runs so that the runs after the first measure the stack, not
// the generator compiling its own code (a fresh generator spent a third of a core for its first
// half-second of texts). The modes:
//   webhooks      signed Twilio inbound-SMS requests at a steady rate (open loop: each request leaves
//                 at its scheduled instant, whether or not earlier ones were answered);
//   bots          bots long-polling `GET /api/bot/v1/messages/next`, re-waiting from the last cursor
//                 at once, until told to stop;
//   pg-insert     the same row as an inbound text, inserted into a scratch table at the same rate;
//   redis-pubsub  a publish on one connection until a subscriber on another receives it, at the rate.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import twilio from 'twilio';
import { Pool } from 'undici';

const now = () => performance.timeOrigin + performance.now();
const sleepUntil = (at) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - now())));

/** Runs `task(i, scheduledAt)` at `rate` per second for `seconds`, each at its own instant. */
async function openLoop(rate, seconds, task) {
  const count = Math.round(rate * seconds);
  const start = now() + 200;
  const running = [];
  for (let i = 0; i < count; i += 1) {
    const at = start + (i * 1000) / rate;
    await sleepUntil(at);
    running.push(task(i, at));
  }
  return Promise.all(running);
}

// The generators call through undici's Pool rather than `fetch`: the same HTTP on the wire for a
// fraction of the CPU, which on this shared machine would otherwise be taken from the stack measured.
async function webhooks({ gatewayUrl, signedUrl, authToken, rate, seconds, targets, firstCode }) {
  const gateway = new Pool(gatewayUrl, { connections: 64 });
  return openLoop(rate, seconds, async (i) => {
    const target = targets[i % targets.length];
    const code = String(firstCode + i);
    const form = {
      MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
      SmsSid: '',
      AccountSid: 'AC00000000000000000000000000000001',
      From: '+15005550006',
      To: target.number,
      Body: `Your verification code is ${code}`,
      NumMedia: '0',
      NumSegments: '1',
    };
    form.SmsSid = form.MessageSid;
    const signature = twilio.getExpectedTwilioSignature(authToken, signedUrl, form);
    const sentAt = now();
    const response = await gateway.request({
      method: 'POST',
      path: '/api/webhooks/twilio/sms',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(form).toString(),
    });
    await response.body.dump();
    return { code, kind: target.kind, sentAt, ackMs: now() - sentAt, status: response.statusCode };
  }).finally(() => gateway.close());
}

async function bots({ gatewayUrl, keys }, stopped) {
  const received = [];
  let stopping = false;
  const controller = new AbortController();
  stopped.then(() => {
    stopping = true;
    controller.abort();
  });
  // Every bot holds a connection while it waits.
  const gateway = new Pool(gatewayUrl, { connections: keys.length });
  const wait = async (key) => {
    let cursor = '';
    while (!stopping) {
      const query = new URLSearchParams({ timeout: '25', ...(cursor ? { since: cursor } : {}) });
      try {
        const response = await gateway.request({
          method: 'GET',
          path: `/api/bot/v1/messages/next?${query}`,
          headers: { authorization: `Bearer ${key}` },
          signal: controller.signal,
        });
        if (response.statusCode === 204) {
          await response.body.dump();
          continue;
        }
        const body = await response.body.json();
        if (response.statusCode !== 200)
          throw new Error(`bot wait answered ${response.statusCode}: ${JSON.stringify(body)}`);
        const message = body.data ?? body;
        received.push({ body: message.body, receivedAt: now() });
        cursor = message.cursor ?? body.cursor ?? message.id;
      } catch (error) {
        if (!stopping) throw error;
      }
    }
  };
  process.send({ ready: true });
  await Promise.all(keys.map(wait));
  await gateway.destroy();
  return received;
}

async function pgInsert({ databaseUrl, rate, seconds }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(`
    CREATE TABLE IF NOT EXISTS bench_inbound_message (
      message_id uuid PRIMARY KEY, message_sid varchar(64) NOT NULL UNIQUE,
      feed_position bigserial NOT NULL UNIQUE, mfa_id uuid, mfa_type varchar(16),
      to_number varchar(32) NOT NULL, from_number varchar(64) NOT NULL, body text NOT NULL,
      code varchar(64), code_service varchar(100), received_at timestamptz NOT NULL)`);
  const mfaId = randomUUID();
  const results = await openLoop(rate, seconds, async (i) => {
    const sentAt = now();
    await pool.query(
      `INSERT INTO bench_inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number,
         body, code, received_at) VALUES ($1, $2, $3, 'MultiMFA', '+14155550123', '+15005550006', $4, $5, now())
       ON CONFLICT (message_sid) DO NOTHING`,
      [
        randomUUID(),
        `SM${randomUUID().replace(/-/g, '')}`,
        mfaId,
        `Your verification code is ${i}`,
        String(i),
      ],
    );
    return now() - sentAt;
  });
  await pool.query('DROP TABLE bench_inbound_message');
  await pool.end();
  return results;
}

async function redisPubsub({ redisUrl, rate, seconds }) {
  const publisher = new Redis(redisUrl);
  const subscriber = new Redis(redisUrl);
  const channel = `bench:${randomUUID()}`;
  const pending = new Map();
  subscriber.on('message', (_channel, message) => {
    const done = pending.get(message);
    if (done) done(now());
  });
  await subscriber.subscribe(channel);
  const results = await openLoop(rate, seconds, async (i) => {
    const id = String(i);
    const sentAt = now();
    const arrived = new Promise((resolve) => pending.set(id, resolve));
    await publisher.publish(channel, id);
    const at = await arrived;
    pending.delete(id);
    return at - sentAt;
  });
  publisher.disconnect();
  subscriber.disconnect();
  return results;
}

const modes = { webhooks, bots, 'pg-insert': pgInsert, 'redis-pubsub': redisPubsub };
let stop = () => {};
// The process ends when the bench disconnects; a run that fails ends it at once, with its error.
process.on('message', (message) => {
  if (message === 'stop') return stop();
  const stopped = new Promise((resolve) => {
    stop = resolve;
  });
  modes[message.run.mode](message.run, stopped).then(
    (result) => process.send({ result }),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});

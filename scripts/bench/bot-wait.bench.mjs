// Commit to waiting bot, against the bare cost of a Redis publish/subscribe round trip, in one run.
//   measured  BOTS bots (one RoboMFA each) wait through the gateway (long poll, re-armed with the
//             cursor); RATE texts per second are committed into messaging's inbound_message and
//             announced on Redis as the inbound webhook does; from the commit returning to the
//             bot's answer (through gateway -> messaging -> Redis wake -> messaging's read);
//   baseline  RATE messages per second over a bare Redis PUBLISH to a SUBSCRIBE connection.
// The load generator (the bots, the writer, the Redis pair) runs in a process of its own. Each figure
// is the median of RUNS runs (min and max beside it); the two modes alternate.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { databaseName } from '../lib/stack.mjs';

export const title =
  'Commit to waiting bot (gateway bot API) against a bare Redis publish/subscribe round trip';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RATE = 50;
const BOTS = 50;
const TARGET_P99_MS = 100;
const here = (file) => fileURLToPath(new URL(file, import.meta.url));

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};

export async function run({ config, seconds }) {
  const worker = fork(here('bot-wait-load.mjs'), { stdio: 'inherit' });
  const ask = async (message) => {
    worker.send(message);
    const [answer] = await once(worker, 'message');
    if (answer.error) throw new Error(answer.error);
    return answer;
  };
  const results = { redis: { p50: [], p99: [] }, bot: { p50: [], p99: [] } };
  try {
    await ask({
      type: 'setup',
      gatewayUrl: `http://127.0.0.1:${config.ports.gateway}`,
      databaseUrl: `${config.postgresUrl}/${databaseName(config, 'messaging')}`,
      redisUrl: config.redisUrl,
      bots: BOTS,
    });
    for (let round = 0; round < RUNS; round += 1) {
      const order = round % 2 === 0 ? ['redis', 'bot'] : ['bot', 'redis'];
      for (const mode of order) {
        const answer = await ask({ type: 'run', mode, rate: RATE, seconds });
        if (answer.received < answer.count)
          throw new Error(`${mode}: ${answer.count - answer.received} of ${answer.count} never arrived`);
        results[mode].p50.push(answer.p50);
        results[mode].p99.push(answer.p99);
      }
      console.log(`[bench] bot-wait round ${round + 1}/${RUNS} done`);
    }
  } finally {
    await ask({ type: 'stop' }).catch(() => undefined);
  }
  const p99 = summary(results.bot.p99).median;
  return [
    {
      figure: `p50 commit/publish to waiting bot/subscriber at ${RATE}/s, ${BOTS} bots (ms)`,
      baseline: summary(results.redis.p50),
      measured: summary(results.bot.p50),
      better: 'lower',
    },
    {
      figure: `p99 commit/publish to waiting bot/subscriber at ${RATE}/s, ${BOTS} bots (ms)`,
      baseline: summary(results.redis.p99),
      measured: summary(results.bot.p99),
      better: 'lower',
      target: `< ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`,
    },
  ];
}

// The login benchmark's baseline, in a process of its own (as its load generator is): argon2id
// verifications with the parameters identity uses, two at a time for `seconds`, after a 2 s warm-up
// that is not measured; rate, mean and p99 written to stdout as JSON.
import argon2 from 'argon2';

const { seconds, parameters } = JSON.parse(process.argv[2]);
const options = { ...parameters, type: argon2.argon2id };
const hash = await argon2.hash('a benchmark password', options);

async function verifyFor(ms) {
  const durations = [];
  const until = performance.now() + ms;
  // Two at a time: the machine has two cores, and so would identity's libuv pool.
  await Promise.all(
    [0, 1].map(async () => {
      while (performance.now() < until) {
        const began = performance.now();
        await argon2.verify(hash, 'a benchmark password');
        durations.push(performance.now() - began);
      }
    }),
  );
  return durations;
}

await verifyFor(2000);
const durations = (await verifyFor(seconds * 1000)).sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: durations.length / seconds,
    mean: durations.reduce((sum, d) => sum + d, 0) / durations.length,
    p99: durations[Math.floor(durations.length * 0.99)],
  }),
);

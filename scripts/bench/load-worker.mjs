// The load generator, in a process of its own: one autocannon run (after a 2 s warm-up that is not
// measured), its figures written to stdout as JSON. GET unless `method` (and `body`) say otherwise.
// `requestsWithWarmUp` counts the warm-up's requests too: CPU read around the whole process divides by it.
import autocannon from 'autocannon';

const { url, method, body, headers, seconds, connections } = JSON.parse(process.argv[2]);
const request = { url, method, body, headers, connections };
const warmUp = await autocannon({ ...request, duration: 2 });
const result = await autocannon({ ...request, duration: seconds });
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    mean: result.latency.average,
    p99: result.latency.p99,
    total: result.requests.total,
    requestsWithWarmUp: warmUp.requests.total + result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);

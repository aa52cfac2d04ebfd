// The load generator, in a process of its own: one autocannon run (after a 2 s warm-up that is not
// measured), its figures written to stdout as JSON. GET unless `method` (and `body`) say otherwise.
// `requestsWithWarmUp` counts the warm-up's requests too: CPU read around the whole process divides by it.
// With `bodies`, each connection sends one of them (connection i the i-th, round robin) instead of `body`.
import autocannon from 'autocannon';

const { url, method, body, bodies, headers, seconds, connections } = JSON.parse(process.argv[2]);
let connection = 0;
const request = {
  url,
  method,
  body,
  headers,
  connections,
  ...(bodies?.length && {
    setupClient: (client) => client.setBody(bodies[connection++ % bodies.length]),
  }),
};
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

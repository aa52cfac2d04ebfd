// The load generator, in a process of its own: one autocannon run (after a 2 s warm-up that is not
// measured), its figures written to stdout as JSON.
import autocannon from 'autocannon';

const { url, headers, seconds, connections } = JSON.parse(process.argv[2]);
await autocannon({ url, headers, connections, duration: 2 });
const result = await autocannon({ url, headers, connections, duration: seconds });
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    mean: result.latency.average,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);

import autocannon from 'autocannon';

/** A bounded autocannon run against a loopback URL: throughput and latency percentiles. */
export async function load(url, { headers = {}, seconds = 10, connections = 16 } = {}) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
    throw new Error(`refusing to load a non-loopback address: ${url}`);
  // Warm-up, not measured.
  await autocannon({ url, headers, connections, duration: 2 });
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx || result.errors) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
  }
  return {
    requestsPerSecond: result.requests.average,
    mean: result.latency.average,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

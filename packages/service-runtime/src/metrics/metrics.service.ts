import { type Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { sharedCounter } from './shared-metrics.factory.js';

/**
 * How often the event-loop delay is sampled (Node's monitorEventLoopDelay, behind prom-client's
 * nodejs_eventloop_lag_* metrics). prom-client's default, 10 ms, woke every idle process a hundred
 * times a second. With this and kafkajs checking timeouts once a second (patches/), the idle billing
 * process's event loop wakes 57 times a second instead of 257 (strace), and the idle gateway spends
 * 3 ms of CPU a second instead of 8 (`npm run bench -- idle`). At 100 ms a stall still shows in
 * the lag metrics; small delays are sampled less often.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/** One Prometheus registry per process, with Node's default metrics and HTTP timings. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, matched route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
  }

  /** The registry's counter of that name, created on first use (several users in one process share it). */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return sharedCounter(this.registry, { name, help, labelNames });
  }
}

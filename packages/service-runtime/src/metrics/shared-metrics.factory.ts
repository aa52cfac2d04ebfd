import {
  Counter,
  type CounterConfiguration,
  Gauge,
  type GaugeConfiguration,
  type Registry,
} from 'prom-client';

/** One counter per registry and name, however many consumers of a process report into it. */
export function sharedCounter<T extends string>(
  registry: Registry | undefined,
  config: CounterConfiguration<T>,
): Counter<T> {
  const existing = registry?.getSingleMetric(config.name);
  if (existing) return existing as Counter<T>;
  return new Counter({ ...config, registers: registry ? [registry] : [] });
}

/** One gauge per registry and name, however many consumers of a process report into it. */
export function sharedGauge<T extends string>(
  registry: Registry | undefined,
  config: GaugeConfiguration<T>,
): Gauge<T> {
  const existing = registry?.getSingleMetric(config.name);
  if (existing) return existing as Gauge<T>;
  return new Gauge({ ...config, registers: registry ? [registry] : [] });
}

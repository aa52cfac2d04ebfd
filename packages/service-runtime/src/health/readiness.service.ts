import type { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';

/** One dependency the process needs before it can serve: its database, Redis, Kafka. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
  /** Closes what the check holds open, when the app shuts down. */
  close?(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** A check that does not answer in time counts as down, so a hung dependency reads as down. */
export const CHECK_TIMEOUT_MS = 2000;

/**
 * Something that leaves the process serving but impaired (a consumer waiting out an outage):
 * returns why it is degraded, or undefined when it is not.
 */
export interface DegradedIndicator {
  readonly name: string;
  degraded(): string | undefined;
}

/**
 * What `/health/ready` asks, as terminus indicators: every dependency, and whether the process is
 * draining (then it stops answering ready while in-flight requests finish).
 */
export class Readiness {
  private draining = false;
  private readonly degradedIndicators: DegradedIndicator[] = [];

  constructor(
    private readonly indicator: HealthIndicatorService,
    private readonly checks: ReadinessCheck[],
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  /** A degraded indicator turns "ok" into "degraded": still serving, answered 200. */
  registerDegraded(indicator: DegradedIndicator) {
    this.degradedIndicators.push(indicator);
  }

  /** Why the process is degraded, by indicator name; empty when it is not. */
  degradedReasons(): Record<string, string> {
    const reasons: Record<string, string> = {};
    for (const indicator of this.degradedIndicators) {
      const reason = indicator.degraded();
      if (reason) reasons[indicator.name] = reason;
    }
    return reasons;
  }

  startDraining() {
    this.draining = true;
  }

  get indicators(): Array<() => HealthIndicatorResult | PromiseLike<HealthIndicatorResult>> {
    return [
      () =>
        this.draining
          ? this.indicator.check('process').down('shutting down')
          : this.indicator.check('process').up(),
      ...this.checks.map(
        (dependency) => () =>
          this.indicator
            .check(dependency.name)
            .attempt(() => dependency.check())
            .withTimeout(this.timeoutMs),
      ),
    ];
  }
}

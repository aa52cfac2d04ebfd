/** One dependency the process needs before it can serve: its database, Redis, Kafka. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/**
 * Something that leaves the process serving but impaired (a consumer waiting out an outage):
 * returns why it is degraded (listed under its name), or undefined when it is not (then not listed).
 */
export interface DegradedIndicator {
  readonly name: string;
  degraded(): string | undefined;
}

export interface ReadinessReport {
  status: 'ready' | 'degraded' | 'not ready' | 'shutting down';
  checks: Record<string, 'up' | string>;
}

/** Fails a check that does not answer in time, so a hung dependency reads as down. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once; the process is ready only when all are up and it is not draining. */
export class Readiness {
  private draining = false;
  private readonly indicators: DegradedIndicator[] = [];

  constructor(private readonly checks: ReadinessCheck[]) {}

  /** A degraded indicator turns "ready" into "degraded" (still serving, answered 200). */
  registerDegraded(indicator: DegradedIndicator) {
    this.indicators.push(indicator);
  }

  startDraining() {
    this.draining = true;
  }

  async report(timeoutMs = 2000): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.checks.map(async (c) => {
        try {
          await withTimeout(c.check(), timeoutMs, c.name);
          return [c.name, 'up'] as const;
        } catch (error) {
          return [c.name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const checks: Record<string, string> = Object.fromEntries(results);
    const allUp = results.every(([, state]) => state === 'up');
    let degraded = false;
    for (const indicator of this.indicators) {
      const reason = indicator.degraded();
      if (reason === undefined) continue;
      checks[indicator.name] = reason;
      degraded = true;
    }
    const status = allUp ? (degraded ? 'degraded' : 'ready') : 'not ready';
    return { status: this.draining ? 'shutting down' : status, checks };
  }
}

/** One dependency the process needs before it can serve: its database, Redis, Kafka. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

export interface ReadinessReport {
  status: 'ready' | 'not ready' | 'shutting down';
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

  constructor(private readonly checks: ReadinessCheck[]) {}

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
    const checks = Object.fromEntries(results);
    const allUp = results.every(([, state]) => state === 'up');
    return { status: this.draining ? 'shutting down' : allUp ? 'ready' : 'not ready', checks };
  }
}

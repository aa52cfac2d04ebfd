import type { Logger } from './logger.js';

/**
 * Work the sandbox does after answering (webhooks, simulated delivery steps). Everything started here
 * stops when the sandbox closes: sleeps reject, in-flight HTTP calls are aborted, and `close()` waits
 * for the tasks to settle, so no timer outlives the server.
 */
export class Background {
  private readonly controller = new AbortController();
  private readonly tasks = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get closed(): boolean {
    return this.controller.signal.aborted;
  }

  /** Resolves after `ms`, or rejects as soon as the sandbox closes. */
  sleep(ms: number): Promise<void> {
    const signal = this.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Runs `task` without making the caller wait; failures are logged (not when caused by closing). */
  run(label: string, task: () => Promise<void>): void {
    if (this.closed) return;
    const promise = task()
      .catch((error: unknown) => {
        if (!this.closed) this.logger.error({ err: error, task: label }, 'background task failed');
      })
      .finally(() => this.tasks.delete(promise));
    this.tasks.add(promise);
  }

  async close(): Promise<void> {
    this.controller.abort(new Error('the sandbox is closing'));
    await Promise.allSettled([...this.tasks]);
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from './service-stack.harness.js';

/**
 * A redis-server of the test's own on its own port, kept in memory only (no RDB, no AOF), because a
 * fault test restarts it empty or flushes it, and the machine's Redis is shared by every other test.
 */
export class PrivateRedis {
  readonly port: Promise<number> = freePort();
  private server: ChildProcess | undefined;

  async url(): Promise<string> {
    return `redis://127.0.0.1:${await this.port}/0`;
  }

  /** Starts it (empty) and waits until it answers PING. */
  async start(): Promise<void> {
    if (this.server) throw new Error('already running');
    const port = await this.port;
    this.server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (await this.command((redis) => redis.ping()).catch(() => undefined)) return;
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer within 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGKILL, then a new empty server on the same port: everything it held is gone. */
  async restartEmpty(): Promise<void> {
    await this.kill();
    await this.start();
  }

  /** `FLUSHALL`: every key of every database gone while clients stay connected. */
  async flushAll(): Promise<void> {
    await this.command((redis) => redis.flushall());
  }

  async kill(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server || server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
  }

  private async command<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
    const redis = new Redis(await this.url(), { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await redis.connect();
      return await use(redis);
    } finally {
      redis.disconnect();
    }
  }
}

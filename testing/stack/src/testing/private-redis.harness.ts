import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { freePort } from './service-stack.harness.js';

const stateDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '.state', 'faults');

/**
 * A redis-server of the test's own on its own port, because a fault test restarts it or flushes it,
 * and the machine's Redis is shared by every other test. It keeps an append-only file (every write
 * synced, as production's Redis is asked to) in `.state/faults`, so it can restart with what it held
 * (`restartKept`) or without it (`restartEmpty`: a Redis without persistence).
 */
export class PrivateRedis {
  readonly port: Promise<number> = freePort();
  private readonly dataDir = join(stateDir, `redis-${randomBytes(4).toString('hex')}`);
  private server: ChildProcess | undefined;

  async url(): Promise<string> {
    return `redis://127.0.0.1:${await this.port}/0`;
  }

  /** Starts it (empty) and waits until it answers PING. */
  async start(): Promise<void> {
    if (this.server) throw new Error('already running');
    const port = await this.port;
    mkdirSync(this.dataDir, { recursive: true });
    this.server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dataDir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
      ],
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
    rmSync(this.dataDir, { recursive: true, force: true });
    await this.start();
  }

  /** SIGKILL, then a server on the same port that reads back its append-only file. */
  async restartKept(): Promise<void> {
    await this.kill();
    await this.start();
  }

  /** `FLUSHALL`: every key of every database gone while clients stay connected. */
  async flushAll(): Promise<void> {
    await this.command((redis) => redis.flushall());
  }

  /** SIGKILL and delete what it kept. */
  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
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

import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './service-stack.harness.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

interface BrokerHandle {
  child: { pid?: number };
  exited: boolean;
}

/** scripts/lib/infrastructure.mjs: how `npm start` and `npm test` run the project's broker (JavaScript, no types). */
type EnsureKafka = (options: {
  port: number;
  controllerPort: number;
  dataDir: string;
  logFile: string;
}) => Promise<BrokerHandle | undefined>;

/**
 * The project's Kafka broker (single KRaft node, the same jars and settings `npm test` runs) on ports
 * and a data directory of the test's own under `.state/faults`, because a fault test SIGKILLs it and
 * the run's broker is shared by every other test.
 */
export class PrivateKafka {
  private readonly dataDir = join(root, '.state', 'faults', `kafka-${randomBytes(4).toString('hex')}`);
  private readonly ports = Promise.all([freePort(), freePort()]);
  private handle: BrokerHandle | undefined;

  async brokers(): Promise<string[]> {
    const [port] = await this.ports;
    return [`127.0.0.1:${port}`];
  }

  /** Starts it (its data kept from an earlier start) and waits until it listens (60 s at most). */
  async start(): Promise<void> {
    const [port, controllerPort] = await this.ports;
    const { ensureKafka } = (await import(
      pathToFileURL(join(root, 'scripts', 'lib', 'infrastructure.mjs')).href
    )) as { ensureKafka: EnsureKafka };
    this.handle = await ensureKafka({
      port,
      controllerPort,
      dataDir: this.dataDir,
      logFile: join(this.dataDir, 'broker.log'),
    });
    if (!this.handle) throw new Error(`something else already listens on ${port}`);
  }

  /** SIGKILL to the broker's process group: no controlled shutdown, nothing flushed. */
  async kill(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (!handle?.child.pid || handle.exited) return;
    process.kill(-handle.child.pid, 'SIGKILL');
    const [port] = await this.ports;
    // Until the port is free again, so a start after it binds it anew.
    for (let i = 0; await listening(port); i += 1) {
      if (i > 100) throw new Error(`the broker still listens on ${port} 10 s after SIGKILL`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

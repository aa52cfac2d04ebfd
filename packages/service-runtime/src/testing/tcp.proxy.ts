import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy between a client and a real server (the broker, Postgres), so a test can produce a
 * network fault for real: cut every connection and refuse new ones, cut after so many bytes of a
 * request (in the middle of a batch), or let requests through while dropping the answers (a lost
 * acknowledgement), or black-hole the open connections. Hand-written: a few lines of node:net do what a proxy library would.
 */
export class TcpProxy {
  private server: Server | undefined;
  private refusing = false;
  private swallowing = false;
  private readonly holes = new WeakSet<Socket>();
  private cutAfter: number | undefined;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  port = 0;
  /** How many times connections were cut (by `cut()` or after `cutAfterRequestBytes`). */
  cuts = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<number> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Destroys every open connection and refuses new ones until `restore()`. */
  cut(): void {
    this.refusing = true;
    this.cuts += 1;
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  restore(): void {
    this.refusing = false;
    this.swallowing = false;
    this.cutAfter = undefined;
  }

  /** Forwards `bytes` more bytes towards the server, then cuts everything (mid-request). */
  cutAfterRequestBytes(bytes: number): void {
    this.cutAfter = bytes;
  }

  /**
   * Black-holes every open connection for good: nothing more passes either way and nothing is reset,
   * as when a network drops a connection's packets; new connections pass as before.
   */
  blackHole(): void {
    for (const { client, upstream } of this.pairs) {
      this.holes.add(client);
      this.holes.add(upstream);
    }
  }

  /** Requests still reach the server; its answers are dropped. */
  swallowAnswers(): void {
    this.swallowing = true;
  }

  private accept(client: Socket): void {
    if (this.refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(this.target);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.on('data', (chunk: Buffer) => {
      if (this.holes.has(client)) return;
      if (this.cutAfter === undefined) {
        upstream.write(chunk);
        return;
      }
      const part = chunk.subarray(0, this.cutAfter);
      this.cutAfter -= part.length;
      upstream.write(part, () => {
        if (this.cutAfter !== undefined && this.cutAfter <= 0) this.cut();
      });
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!this.swallowing && !this.holes.has(upstream)) client.write(chunk);
    });
  }
}

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got, body as sent. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as on the request line. */
  path: string;
  /** The full URL the sender used (for signature checks). */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A tiny HTTP server standing in for MultiMFA's webhooks in tests: it records every request and
 * answers `status` (200 by default, or per path with `respondWith`).
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly statuses = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private server: Server | undefined;
  private base = '';

  get url(): string {
    return this.base;
  }

  /** The URL of `path` on this receiver. */
  at(path: string): string {
    return `${this.base}${path}`;
  }

  respondWith(path: string, status: number): void {
    this.statuses.set(path, status);
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.requests.push({
          method: req.method ?? 'GET',
          path,
          url: `${this.base}${path}`,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.statusCode = this.statuses.get(path.split('?')[0] ?? path) ?? 200;
        res.setHeader('Content-Type', 'text/xml');
        res.end('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
        for (const wake of this.waiters) wake();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  /** Requests to `path` (without query) so far. */
  to(path: string): ReceivedRequest[] {
    return this.requests.filter((request) => request.path.split('?')[0] === path);
  }

  /** Waits until `count` requests satisfy `predicate`. */
  async waitFor(
    predicate: (request: ReceivedRequest) => boolean,
    count = 1,
    timeoutMs = 5_000,
  ): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.requests.filter(predicate);
      if (found.length >= count) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new Error(
          `Expected ${count} matching webhook request(s), got ${found.length} within ${timeoutMs} ms`,
        );
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, remaining);
        this.waiters.add(done);
      });
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

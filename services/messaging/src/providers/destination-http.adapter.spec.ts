import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { AddressRefusedError, NodeDestinationHttp, type Resolver } from './destination-http.adapter.js';

/**
 * Attacks on a customer's webhook URL, against a real server on 127.0.0.1 standing in for what must
 * not be reached (an internal service, the cloud metadata endpoint): a name that resolves to a private
 * address (also one that resolved elsewhere when the destination was added: DNS rebinding), and a
 * redirect to a private address.
 */
describe('NodeDestinationHttp (SSRF)', () => {
  let internal: Server;
  let port: number;
  let hits: string[];

  beforeAll(async () => {
    internal = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url?.startsWith('/redirect')) {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('internal data');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    port = (internal.address() as AddressInfo).port;
  });
  beforeEach(() => {
    hits = [];
  });
  afterAll(() => new Promise<void>((resolve) => internal.close(() => resolve())));

  const post = (http: NodeDestinationHttp, url: string) =>
    http.post({ url: new URL(url), body: '{}', headers: {} });

  it('refuses a name that resolves to loopback at the moment of the connection, and never connects', async () => {
    // The name resolved to a public address when the destination was added; now it answers 127.0.0.1.
    const rebound: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const http = new NodeDestinationHttp(new Set(), rebound);
    await expect(post(http, `https://hooks.customer.example:${port}/in`)).rejects.toBeInstanceOf(
      AddressRefusedError,
    );
    expect(hits).toStrictEqual([]);
  });

  it('refuses a name with one private address among public ones', async () => {
    const mixed: Resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ];
    const http = new NodeDestinationHttp(new Set(), mixed);
    await expect(post(http, 'https://hooks.customer.example/in')).rejects.toBeInstanceOf(AddressRefusedError);
  });

  it.each([
    'http://127.0.0.1/in',
    'https://127.0.0.1/in',
    'https://10.0.0.7/in',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::ffff:127.0.0.1]/in',
    'https://100.64.1.1/in',
  ])('refuses the literal address %s without resolving or connecting', async (url) => {
    const http = new NodeDestinationHttp(new Set());
    await expect(post(http, url)).rejects.toBeInstanceOf(AddressRefusedError);
    expect(hits).toStrictEqual([]);
  });

  it('does not follow a redirect: the 302 is the answer, and its target is never asked', async () => {
    // The sandbox's receiver is allowed (DESTINATION_ALLOW_PRIVATE_HOSTS); where it redirects is not.
    const http = new NodeDestinationHttp(new Set([`127.0.0.1:${port}`]));
    const answer = await post(http, `http://127.0.0.1:${port}/redirect`);
    expect(answer.status).toBe(302);
    expect(hits).toStrictEqual(['/redirect']);
  });

  it('posts to a host:port DESTINATION_ALLOW_PRIVATE_HOSTS lists, and only to that port', async () => {
    const http = new NodeDestinationHttp(new Set([`127.0.0.1:${port}`]));
    expect((await post(http, `http://127.0.0.1:${port}/in`)).body).toBe('internal data');
    await expect(post(http, `http://127.0.0.1:${port + 1}/in`)).rejects.toBeInstanceOf(AddressRefusedError);
  });
});

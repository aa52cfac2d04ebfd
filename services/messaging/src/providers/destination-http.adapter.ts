import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { PROVIDER_TIMEOUT_MS, rateLimitResetOf } from './provider.errors.js';
import { hostPortOf, isPublicAddress, urlRefusal } from './public-address.rules.js';

/** A POST to a customer's destination (a Slack incoming webhook, a webhook endpoint). */
export interface DestinationPost {
  url: URL;
  body: string;
  headers: Record<string, string>;
  /**
   * The URL's host is one of ours by configuration (Slack's base URL): its address is not checked.
   * Customers' own URLs never are.
   */
  trustedHost?: boolean;
  /** How long to wait for the answer (PROVIDER_TIMEOUT_MS unless shorter). */
  timeoutMs?: number;
}

/** How a destination answered: status, the start of its body, and when it may be called again (429). */
export interface DestinationAnswer {
  status: number;
  body: string;
  retryAt: Date | undefined;
}

/** The address of a customer's URL may not be called (private, loopback, metadata, …): never retried. */
export class AddressRefusedError extends Error {
  override readonly name = 'AddressRefusedError';
}

/** Posts to destinations; the only place that opens connections to customers' URLs. */
export abstract class DestinationHttp {
  abstract post(request: DestinationPost): Promise<DestinationAnswer>;
}

/** Resolves a host name to all its addresses (the system resolver; tests give their own). */
export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The most of an answer's body kept (the challenge echo, Slack's error word). */
const MAX_ANSWER_BYTES = 16_384;

/**
 * node:http(s) rather than fetch: its `lookup` option resolves the name once, inside the connect, so
 * the address checked is the address connected to (a name that resolves to a public address at the
 * check and to 127.0.0.1 at the connect cannot slip through), and it never follows a redirect (a 3xx
 * is an answer like any other, so `Location: http://169.254.169.254/` goes nowhere). fetch (undici)
 * would need its own Agent with a custom connector for the first and `redirect: 'manual'` for the
 * second; this is the smaller surface.
 */
export class NodeDestinationHttp extends DestinationHttp {
  constructor(
    /** `DESTINATION_ALLOW_PRIVATE_HOSTS`: host:port pairs exempt from the address rules. */
    private readonly allowedPrivate: ReadonlySet<string>,
    private readonly resolve: Resolver = systemResolver,
  ) {
    super();
  }

  post(request: DestinationPost): Promise<DestinationAnswer> {
    const { url } = request;
    const exempt = request.trustedHost || this.allowedPrivate.has(hostPortOf(url));
    if (!exempt) {
      const refusal = urlRefusal(url, this.allowedPrivate);
      if (refusal) return Promise.reject(new AddressRefusedError(refusal));
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const timeout = request.timeoutMs ?? PROVIDER_TIMEOUT_MS;
    return new Promise<DestinationAnswer>((resolve, reject) => {
      const outgoing = send(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(request.body),
            'user-agent': 'MultiMFA-Destinations/1',
            ...request.headers,
          },
          timeout,
          ...(exempt ? {} : { lookup: this.checkedLookup() }),
        },
        (answer) => this.read(answer).then(resolve, reject),
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeout} ms`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }

  /**
   * A `lookup` for the socket: every address the name resolves to must be public (one private address
   * among public ones is refused too), and the connection goes to the first of them.
   */
  private checkedLookup(): LookupFunction {
    return (hostname, options, callback) => {
      this.resolve(hostname).then(
        (addresses) => {
          const refused = !addresses.length || addresses.some((entry) => !isPublicAddress(entry.address));
          if (refused) {
            callback(new AddressRefusedError(`${hostname} resolves to a private or reserved address`), '', 0);
            return;
          }
          const [chosen] = addresses as [{ address: string; family: number }];
          if (options.all) (callback as unknown as (e: null, a: unknown[]) => void)(null, [chosen]);
          else callback(null, chosen.address, chosen.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    };
  }

  private async read(answer: IncomingMessage): Promise<DestinationAnswer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer) {
      const buffer = chunk as Buffer;
      if (size < MAX_ANSWER_BYTES) chunks.push(buffer.subarray(0, MAX_ANSWER_BYTES - size));
      size += buffer.length;
    }
    return {
      status: answer.statusCode ?? 0,
      body: Buffer.concat(chunks).toString('utf8'),
      retryAt: rateLimitResetOf(answer.headers, new Date()),
    };
  }
}

import pg from 'pg';
import { statementName } from './named-statements.js';

const READ_TIMEOUT = 'Query read timeout';

/**
 * A pg Client that ends its connection when an answer misses its deadline (`query_timeout`). pg fails
 * such a query but keeps the connection, with the unanswered query still the active one: on a
 * black-holed connection (packets dropped, nothing reset) every later query of that client would
 * queue behind it and fail in turn, and a pool would keep handing the client out. Ended, the client
 * leaves its pool, which opens a new connection for the next query. Given to pg's Pool as its
 * `Client`  and used for the outbox relay's own sessions. It also sends the texts declared with
 * `namedStatement` as named statements: parsed once per connection, and planned as PostgreSQL's plan
 * cache decides (after five calls planned for their parameters, a generic plan kept when it is
 * estimated no dearer).
 *
 * The per-instance wrapper (rather than an override) keeps pg's overloaded `query` signatures; pg
 * offers no hook for a query that timed out.
 */
export class DeadlineClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const endIfTimedOut = (error: unknown) => {
      if (error instanceof Error && error.message === READ_TIMEOUT) {
        // Ending at once (before the caller gives the client back), so its pool drops it rather than
        // hand it out again; the socket is destroyed since a goodbye cannot pass a black hole.
        this.end().catch(() => undefined);
        (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      }
    };
    (this as unknown as { query: (...args: unknown[]) => unknown }).query = (...given: unknown[]) => {
      const args = named(given);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, ...rest: unknown[]) => {
          endIfTimedOut(error);
          return (callback as (...a: unknown[]) => unknown)(error, ...rest);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) result.catch(endIfTimedOut);
      return result;
    };
  }
}

/**
 * Session options (`options` of the client's config) that plan every call of a named statement for its
 * parameters, as an unnamed one is: a generic plan PostgreSQL keeps after five calls stays what the
 * table's size then called for (a sequential scan, for a table that was empty) until the table's
 * statistics change, and nothing changes them where autovacuum is off. For a session whose every
 * statement depends on how many rows it touches (the outbox relay's reads and marks by id arrays).
 */
export const PLAN_EACH_CALL = '-c plan_cache_mode=force_custom_plan';

/** `(text, values, ...)` of a declared statement as `({ name, text, values }, ...)`; others as given. */
function named(args: unknown[]): unknown[] {
  const [text, values, ...rest] = args;
  const name = typeof text === 'string' ? statementName(text) : undefined;
  if (name === undefined || !(values === undefined || Array.isArray(values))) return args;
  return [{ name, text, values }, ...rest];
}

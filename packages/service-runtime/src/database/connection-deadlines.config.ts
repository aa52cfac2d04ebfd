/**
 * Deadlines of every PostgreSQL session of a service (its pool and the outbox relay's sessions), as
 * `pg` client options, so a hung database or a connection lost without a reset never holds a request,
 * a job or a consumer for good:
 * - TCP keepalive probes from 10 s of silence, so the kernel notices a dead peer of an idle session;
 * - 10 s to connect (or to get a connection from a full pool) before failing;
 * - 30 s for a statement (the server cancels it) and 30 s idle inside a transaction (the server ends
 *   the session and its locks): migrations too must fit a statement in 30 s (backfills go in batches);
 * - 35 s for an answer at the client: a connection whose packets are dropped (where the server can
 *   cancel nothing) fails the query instead of hanging it, and `DeadlineClient` ends that connection
 *   so the pool opens a new one (TCP keepalive cannot see a peer that still acknowledges).
 */
export const DATABASE_DEADLINES = {
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
  connectionTimeoutMillis: 10_000,
  statement_timeout: 30_000,
  idle_in_transaction_session_timeout: 30_000,
  query_timeout: 35_000,
} as const;

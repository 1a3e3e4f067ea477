/**
 * How long the app waits for PostgreSQL (README, "Configuration"). A database that is down or
 * frozen must cost a request a few seconds and a 503, never hang it. PGlite runs in-process and
 * needs none of these.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** Server side `statement_timeout`; lock waits count towards it. */
  statementMs: number;
  /** Server side `idle_in_transaction_session_timeout`: a stalled process cannot hold locks for long. */
  idleInTransactionMs: number;
}

/**
 * The longest wait for a provider's row lock measured in the race tests (200 simultaneous
 * bookings through two processes with 10 connections each, server/test/booking-race.test.ts) was
 * about 0.4 s and the longest wait for a pooled connection about 0.9 s, so 5 s leaves ample room
 * for legitimate queues while an outage still answers quickly.
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, statementMs: 5000, idleInTransactionMs: 10_000 };

/**
 * The client-side limit for one query: only reached when the server cannot answer at all (frozen,
 * or the network dropped), because a live server cancels the statement itself a second earlier.
 */
export const queryTimeoutMs = (t: DatabaseTimeouts): number => t.statementMs + 1000;

/**
 * Tells "the database cannot be reached or cannot answer now" apart from "this query is wrong".
 * The first is an outage the client should retry (503); the second is a bug (500). Drizzle wraps
 * the driver's error, so the whole `.cause` chain is searched.
 */

/** Socket errors on the way to the server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01–57P03 (administrator or crash shutdown,
 * cannot connect now), 53300 (too many connections), 57014 (statement cancelled, which is how
 * `statement_timeout` ends a statement) and 25P03 (session ended by
 * `idle_in_transaction_session_timeout`).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);

/** node-postgres and pg-pool raise these as plain errors without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // unexpectedly, or due to connection timeout (pg-pool)
  /^timeout exceeded when trying to connect$/, // no free pooled connection in time (pg-pool)
  /^Query read timeout$/, // the client-side query timeout
  /^Client has encountered a connection error and is not queryable$/,
  /^timeout expired$/, // the connect timeout of a single client
];

export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur instanceof Error; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
    const message = cur.message;
    if (DRIVER_MESSAGES.some((m) => m.test(message))) return true;
    cur = cur.cause;
  }
  return false;
}

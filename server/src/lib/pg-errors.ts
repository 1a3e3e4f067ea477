/**
 * What went wrong in the database, read from a thrown error. Drizzle wraps the driver's error
 * (and the drivers wrap socket errors), so every question here searches the whole `.cause` chain.
 */

/** The error and the errors it wraps, outermost first (a few levels: wrappers never nest deeper). */
function* causeChain(err: unknown): Generator<{ code?: unknown; constraint?: unknown; message?: unknown }> {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur !== null && typeof cur === 'object'; depth++) {
    yield cur;
    cur = 'cause' in cur ? cur.cause : undefined;
  }
}

/** The Postgres error behind a driver or Drizzle wrapper, if any (SQLSTATE codes are five characters). */
export function findPgError(err: unknown): { code: string; constraint?: string } | null {
  for (const e of causeChain(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return null;
}

/** Postgres unique-violation on the named constraint (both drivers expose `code` and `constraint`). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** Postgres exclusion violation, such as two active bookings of one provider that overlap. */
export function isExclusionViolation(err: unknown): boolean {
  return findPgError(err)?.code === '23P01';
}

/** Socket errors on the way to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

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

/**
 * Tells "the database cannot be reached or cannot answer now" apart from "this query is wrong".
 * The first is an outage the client should retry (503); the second is a bug (500).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causeChain(err)) {
    const code = e.code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
    const message = e.message;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}

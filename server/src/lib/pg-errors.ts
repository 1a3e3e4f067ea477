/** Postgres unique-violation on the named constraint (both drivers expose `code` and `constraint`). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** The Postgres error behind a driver or Drizzle wrapper, if any (SQLSTATE codes are five characters). */
export function findPgError(err: unknown): { code: string; constraint?: string } | null {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string; constraint?: string };
    cur = c.cause;
  }
  return null;
}

import { ERROR_CODES, type ErrorCode } from '@slotted/contract';

/** An error the API answers with as it is: status, message, machine code and per-field errors. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, ERROR_CODES.unauthenticated, 'Unauthenticated.');
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found.') => new HttpError(404, ERROR_CODES.notFound, message);

/** 422 with per-field messages; the first message doubles as the summary. */
export function validationError(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError(422, ERROR_CODES.validation, first, errors);
}

/** Postgres unique-violation on the named constraint (both drivers expose `code` and `constraint`). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

function findPgError(err: unknown): { code?: string; constraint?: string } | null {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string; constraint?: string };
    cur = c.cause;
  }
  return null;
}

import { ERROR_CODES, fieldErrors, type ErrorCode } from '@slotted/contract';

/**
 * A failure the API answers with as it is. The status and default message come from the
 * contract's ERROR_CODES table, so a code always means the same status to every client.
 */
export class AppError extends Error {
  readonly status: number;

  /** Per-field messages of a 422. */
  readonly errors?: Record<string, string[]>;
  /** When a 429 may be retried: sent as the Retry-After header. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    extra: { errors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.status = ERROR_CODES[code].status;
    this.errors = extra.errors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

/** 422 with per-field messages; the first message doubles as the summary. */
export function validationError(errors: Record<string, string[]>): AppError {
  return new AppError('validation_failed', Object.values(errors)[0]?.[0], { errors });
}

/** 422 for a request its route schema refused: each failure under its field ('/a/0/b' → 'a.0.b'). */
export function schemaValidationError(failures: readonly { instancePath?: string; message?: string }[]): AppError {
  return validationError(
    fieldErrors(
      failures.map((v) => ({
        path: String(v.instancePath ?? '')
          .split('/')
          .filter(Boolean),
        message: v.message ?? 'This value is not valid.',
      })),
    ),
  );
}

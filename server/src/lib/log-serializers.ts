/**
 * What a log line may say about an error or a request. Logs are read by more people and kept
 * longer than the database, so they carry no query parameters, row values or secrets: no session
 * cookies, sign-in tokens or OAuth codes, and no e-mail addresses from failed queries.
 */
import type { FastifyRequest } from 'fastify';

/** Fields of Node's socket errors and of PostgreSQL's errors that name what failed, never data. */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'statusCode',
] as const;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * A message without the values in it. Drizzle says `Failed query: <sql>\nparams: <values>` (the
 * SQL may be logged, its values may not); PostgreSQL's data exceptions (SQLSTATE class 22) quote
 * the offending value, as in `invalid input syntax for type uuid: "…"`.
 */
function loggableMessage(err: Error): string {
  const message = err.message.replace(/\nparams: [\s\S]*$/, '');
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('22') ? message.replace(/: "[\s\S]*"$/, '') : message;
}

/**
 * Replaces pino's standard error serializer, which copies every property: Drizzle's `params`,
 * PostgreSQL's `detail` (`Key (email)=(…) already exists`) and the messages above.
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'A value that is not an Error was thrown.', stack: '' };
  const message = loggableMessage(err);
  const out: SerializedError = { type: err.constructor?.name ?? err.name, message, stack: err.stack?.replace(err.message, message) ?? '' };
  for (const field of ERROR_FIELDS) {
    const value: unknown = Reflect.get(err, field);
    if (value !== undefined) out[field] = value;
  }
  if (err.cause !== undefined && depth < 5) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** Path without the query (OAuth codes and states) and without the token of a sign-in link page. */
const loggablePath = (url: string) => url.replace(/[?#].*$/s, '').replace(/^\/magic-link\/[^/]+/, '/magic-link/…');

/** Fastify's request serializer minus the query string; headers and cookies are never logged. */
export function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return { method: req.method, url: loggablePath(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/**
 * Logger options for the app. Besides the serializers, headers are censored wherever a plugin
 * logs them: @fastify/multipart logs the request's headers (cookies, CSRF token) at trace level.
 */
export const safeLogging = {
  serializers: { err: serializeError, req: serializeRequest },
  redact: { paths: ['headers', '*.headers'], censor: '[redacted]' },
};

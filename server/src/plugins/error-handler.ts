import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { RETRY_AFTER_SECONDS, type DatabaseHealth } from '../db/database-health.ts';
import { AppError, schemaValidationError } from '../lib/app-error.ts';

function send(reply: FastifyReply, err: AppError) {
  if (err.retryAfterSeconds) reply.header('Retry-After', String(err.retryAfterSeconds));
  return reply.code(err.status).send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
}

/** Every failure leaves as `{ message, code, errors? }` with a code of ERROR_CODES; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance, database: Pick<DatabaseHealth, 'failed'>): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return send(reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) return send(reply, schemaValidationError(err.validation));
    // An outage is logged once by `database`, not once per request, and the client may retry.
    if (database.failed(err)) {
      return send(reply, new AppError('database_unavailable', undefined, { retryAfterSeconds: RETRY_AFTER_SECONDS }));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return send(reply, new AppError('payload_too_large'));
    // Fastify's own 4xx (unreadable JSON, wrong content type, …) keep their status; the body says why.
    if (status >= 400 && status < 500) return reply.code(status).send({ message: err.message, code: 'bad_request' });
    req.log.error({ err }, 'request failed');
    return send(reply, new AppError('internal_error'));
  });
}

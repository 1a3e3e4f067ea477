import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, fieldErrors } from '@slotted/contract';
import { RETRY_AFTER_SECONDS, type DatabaseHealth } from '../db/database-health.ts';
import { HttpError, validationError } from '../lib/http-error.ts';

/** Every failure leaves as `{ message, code, errors? }`; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance, database: Pick<DatabaseHealth, 'failed'>): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.status).send({ message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err.validation.map((v) => ({
        path: String(v.instancePath ?? '').split('/').filter(Boolean),
        message: v.message ?? 'This value is not valid.',
      })));
      const e = validationError(errors);
      return reply.code(422).send({ message: e.message, code: e.code, errors });
    }
    // An outage is logged once by `database`, not once per request, and the client may retry.
    if (database.failed(err)) {
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: 'The service is briefly unavailable. Please try again in a moment.', code: ERROR_CODES.databaseUnavailable });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: 'That upload is too large.', code: ERROR_CODES.payloadTooLarge });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message, code: (err.code ?? 'bad_request').toLowerCase() });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: ERROR_CODES.internal });
  });
}

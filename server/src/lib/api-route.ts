/**
 * Turns an entry of the contract's route table into the route's Fastify schema: the route's own
 * success answers, the shared error body for each error status the entry names, and the security
 * the route requires. /api/docs is generated from these schemas, so it says what the route does.
 */
import type { z } from 'zod';
import type { FastifySchema } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiErrorSchema, ERROR_CODES, routeErrorCodes, type ApiRoute } from '@slotted/contract';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart/form-data body the route reads part by part itself: documented, not validated
     * as a whole (a file is not a JSON value).
     */
    multipart?: z.ZodType;
  }
}

/** The security schemes of /api/docs: the session cookie, and the XSRF header writes must echo. */
export const SESSION_SCHEME = 'session';
export const XSRF_SCHEME = 'xsrf';

type RouteSchema = Omit<FastifySchema, 'response'> & { response: Record<number, z.ZodType> };

export function apiSchema<S extends RouteSchema>(route: ApiRoute, schema: S) {
  const own = Object.keys(schema.response).map(Number);
  const expected = [...route.success];
  if (own.length !== expected.length || own.some((s) => !expected.includes(s))) {
    // A route whose answers differ from its table entry would make /api/docs lie: fail at start-up.
    throw new Error(`${route.method} ${route.path} answers ${own.join(', ')} but the route table says ${expected.join(', ')}`);
  }
  const codes = routeErrorCodes(route);
  const guarded = route.access !== 'public';
  if (guarded !== codes.includes('unauthenticated') || (route.access === 'provider' && !codes.includes('forbidden'))) {
    // The guard answers 401 (and 403 for providers' routes): the entry must say so for /api/docs.
    throw new Error(`${route.method} ${route.path} is '${route.access}' but its errors do not match that guard`);
  }
  const errors: Record<number, z.ZodType> = {};
  for (const [status, codes] of errorStatuses(route)) {
    // A status the route answers itself (GET /ready's 503) keeps the route's own schema.
    if (!own.includes(status)) errors[status] = apiErrorSchema.describe(codes.map((c) => `\`${c}\``).join(', '));
  }
  const requirement: Record<string, string[]> = {};
  if (codes.includes('unauthenticated')) requirement[SESSION_SCHEME] = [];
  if (codes.includes('csrf_token_mismatch')) requirement[XSRF_SCHEME] = [];
  return {
    ...schema,
    response: { ...errors, ...schema.response },
    ...(Object.keys(requirement).length > 0 ? { security: [requirement] } : {}),
  };
}

/** The error statuses of a route, each with the codes that carry it. */
function errorStatuses(route: ApiRoute): Map<number, string[]> {
  const byStatus = new Map<number, string[]>();
  for (const code of routeErrorCodes(route)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

/** jsonSchemaTransform, plus multipart bodies documented as form data (JSON is accepted as well). */
export const openApiTransform: SwaggerTransform = (document) => {
  const { multipart, ...schema } = document.schema;
  if (!multipart) return jsonSchemaTransform(document);
  return jsonSchemaTransform({
    ...document,
    schema: { ...schema, body: multipart, consumes: ['multipart/form-data', 'application/json'] },
  });
};

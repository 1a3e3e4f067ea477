import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, healthResponse, notReadyResponse, readyResponse } from '@slotted/contract';
import { RETRY_AFTER_SECONDS, type DatabaseHealth } from '../../db/database-health.ts';
import { apiSchema } from '../../lib/api-route.ts';

/**
 * For load balancers and orchestrators (README, "Running behind a load balancer or orchestrator"):
 * /health says the process answers (restart it if not), /ready says it can serve requests now
 * (send it traffic only then). Neither is cached; orchestrators send no session cookie, so /health
 * never waits for the database.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHealth }> = async (app, { database }) => {
  app.get('/health', { schema: apiSchema(apiRoutes.health, { response: { 200: healthResponse } }) }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get(
    '/ready',
    { schema: apiSchema(apiRoutes.ready, { response: { 200: readyResponse, 503: notReadyResponse } }) },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const readiness = await database.readiness();
      if (readiness.ready) return { status: 'ready' };
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable', reason: readiness.reason });
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RETRY_AFTER_SECONDS, type DatabaseHealth } from '../../db/database-health.ts';
import { apiRoute } from '../../plugins/route-table.ts';

/**
 * For load balancers and orchestrators (README, "Running behind a load balancer or orchestrator"):
 * /health says the process answers (restart it if not), /ready says it can serve requests now
 * (send it traffic only then). Neither is cached; orchestrators send no session cookie, so /health
 * never waits for the database.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHealth }> = async (app, { database }) => {
  app.route({
    ...apiRoute('health'),
    handler: async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  });
  app.route({
    ...apiRoute('ready'),
    handler: async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const readiness = await database.readiness();
      if (readiness.ready) return { status: 'ready' as const };
      return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable', reason: readiness.reason });
    },
  });
};

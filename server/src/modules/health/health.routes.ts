import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS, type DatabaseHealth } from '../../db/database-health.ts';

const healthy = z.object({ status: z.literal('ok') });
const ready = z.object({ status: z.literal('ready') });
const unavailable = z.object({ status: z.literal('unavailable'), reason: z.enum(['database_unreachable', 'migrations_pending']) });

/**
 * For load balancers and orchestrators (README, "Running behind a load balancer or orchestrator"):
 * /health says the process answers (restart it if not), /ready says it can serve requests now
 * (send it traffic only then). Neither is cached; orchestrators send no session cookie, so /health
 * never waits for the database.
 */
export function healthRoutes(app: FastifyInstance, deps: { database: DatabaseHealth }): void {
  app.get('/health', { schema: { response: { 200: healthy } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/ready', { schema: { response: { 200: ready, 503: unavailable } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const readiness = await deps.database.readiness();
    if (readiness.ready) return { status: 'ready' };
    return reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send({ status: 'unavailable', reason: readiness.reason });
  });
}

import { z } from 'zod';
import { apiErrorSchema } from './errors.ts';

/** GET /health: the process answers. */
export const healthResponse = z.object({ status: z.literal('ok') });
/** GET /ready: the process can serve requests now. */
export const readyResponse = z.object({ status: z.literal('ready') });
/**
 * GET /ready when it cannot serve: why. A request that carries a session cookie may meet the
 * outage before the check does, and gets the usual error body.
 */
export const notReadyResponse = z.union([
  z.object({ status: z.literal('unavailable'), reason: z.enum(['database_unreachable', 'migrations_pending']) }),
  apiErrorSchema,
]);

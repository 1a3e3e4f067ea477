import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SCHEDULE_SUBSETS } from '@slotted/contract';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { scheduleService } from './schedule.service.ts';

export function scheduleRoutes(app: FastifyInstance, deps: { schedule: ReturnType<typeof scheduleService> }): void {
  app.get('/api/schedule', {
    onRequest: requireUser,
    schema: { querystring: z.object({ subset: z.enum(SCHEDULE_SUBSETS, { error: 'Choose future, past or cancelled.' }).default('future') }) },
  }, async (req) => {
    const { subset } = req.query as { subset: 'future' | 'past' | 'cancelled' };
    return { data: await deps.schedule.days(currentUser(req), subset) };
  });
}

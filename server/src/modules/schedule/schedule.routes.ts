import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { scheduleService } from './schedule.service.ts';

export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ReturnType<typeof scheduleService> }> = async (app, { schedule }) => {
  app.route({
    ...apiRoute('schedule'),
    handler: async (req) => ({ data: await schedule.days(currentUser(req), req.query.subset) }),
  });
};

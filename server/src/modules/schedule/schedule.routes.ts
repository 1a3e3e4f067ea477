import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, dataOf, scheduleDaySchema, scheduleQuery } from '@slotted/contract';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { scheduleService } from './schedule.service.ts';

export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ReturnType<typeof scheduleService> }> = async (app, { schedule }) => {
  app.get(
    '',
    {
      onRequest: requireUser,
      schema: apiSchema(apiRoutes.schedule, { querystring: scheduleQuery, response: { 200: dataOf(z.array(scheduleDaySchema)) } }),
    },
    async (req) => ({ data: await schedule.days(currentUser(req), req.query.subset) }),
  );
};

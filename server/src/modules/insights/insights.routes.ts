import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { insightsService } from './insights.service.ts';

export const insightsRoutes: FastifyPluginAsyncZod<{ insights: ReturnType<typeof insightsService> }> = async (app, { insights }) => {
  app.route({ ...apiRoute('insights'), handler: async (req) => ({ data: await insights.of(currentUser(req)) }) });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, dataOf, insightsSchema } from '@slotted/contract';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import type { insightsService } from './insights.service.ts';

export const insightsRoutes: FastifyPluginAsyncZod<{ insights: ReturnType<typeof insightsService> }> = async (app, { insights }) => {
  app.get(
    '',
    { onRequest: requireProvider, schema: apiSchema(apiRoutes.insights, { response: { 200: dataOf(insightsSchema) } }) },
    async (req) => ({ data: await insights.of(currentUser(req)) }),
  );
};

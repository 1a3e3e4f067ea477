import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, dataOf, idParams, noContent, planForm, providerPlanSchema } from '@slotted/contract';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import { readUploadForm } from '../images/index.ts';
import { PLAN_FILE_FIELDS, type plansService } from './plans.service.ts';

export const plansRoutes: FastifyPluginAsyncZod<{ plans: ReturnType<typeof plansService> }> = async (app, { plans }) => {
  const guarded = { onRequest: requireProvider };

  app.get(
    '',
    { ...guarded, schema: apiSchema(apiRoutes.listPlans, { response: { 200: dataOf(z.array(providerPlanSchema)) } }) },
    async (req) => ({
      data: await plans.list(currentUser(req).id),
    }),
  );

  // The service checks the fields (planFields) and the cover by content; the schema documents the form.
  app.post(
    '',
    { ...guarded, schema: apiSchema(apiRoutes.createPlan, { multipart: planForm, response: { 201: dataOf(providerPlanSchema) } }) },
    async (req, reply) =>
      reply.code(201).send({ data: await plans.create(currentUser(req).id, await readUploadForm(req, PLAN_FILE_FIELDS)) }),
  );

  app.post(
    '/:id',
    {
      ...guarded,
      schema: apiSchema(apiRoutes.updatePlan, { params: idParams, multipart: planForm, response: { 200: dataOf(providerPlanSchema) } }),
    },
    async (req) => ({ data: await plans.update(currentUser(req).id, req.params.id, await readUploadForm(req, PLAN_FILE_FIELDS)) }),
  );

  app.delete(
    '/:id',
    { ...guarded, schema: apiSchema(apiRoutes.deletePlan, { params: idParams, response: { 204: noContent } }) },
    async (req, reply) => {
      await plans.remove(currentUser(req).id, req.params.id);
      return reply.code(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import { readUploadForm } from '../images/index.ts';
import { PLAN_FILE_FIELDS, type plansService } from './plans.service.ts';

export const plansRoutes: FastifyPluginAsyncZod<{ plans: ReturnType<typeof plansService> }> = async (app, { plans }) => {
  app.route({ ...apiRoute('listPlans'), handler: async (req) => ({ data: await plans.list(currentUser(req).id) }) });

  // The service checks the fields (planFields) and the cover by content; the schema documents the form.
  app.route({
    ...apiRoute('createPlan'),
    handler: async (req, reply) =>
      reply.code(201).send({ data: await plans.create(currentUser(req).id, await readUploadForm(req, PLAN_FILE_FIELDS)) }),
  });

  app.route({
    ...apiRoute('updatePlan'),
    handler: async (req) => ({ data: await plans.update(currentUser(req).id, req.params.id, await readUploadForm(req, PLAN_FILE_FIELDS)) }),
  });

  app.route({
    ...apiRoute('deletePlan'),
    handler: async (req, reply) => {
      await plans.remove(currentUser(req).id, req.params.id);
      return reply.code(204).send(null);
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, createdRepeaterSchema, dataOf, deleteSlotQuery, idParams, noContent, repeaterInput } from '@slotted/contract';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import type { classesService } from './classes.service.ts';

export const classesRoutes: FastifyPluginAsyncZod<{ classes: ReturnType<typeof classesService> }> = async (app, { classes }) => {
  app.post(
    '/repeaters',
    {
      onRequest: requireProvider,
      schema: apiSchema(apiRoutes.createRepeater, { body: repeaterInput, response: { 201: dataOf(createdRepeaterSchema) } }),
    },
    async (req, reply) => reply.code(201).send({ data: await classes.createRepeater(currentUser(req), req.body) }),
  );

  app.delete(
    '/slots/:id',
    {
      onRequest: requireProvider,
      schema: apiSchema(apiRoutes.cancelSlot, { params: idParams, querystring: deleteSlotQuery, response: { 204: noContent } }),
    },
    async (req, reply) => {
      await classes.cancelSlot(currentUser(req), req.params.id, req.query.upcoming === '1');
      return reply.code(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, dataOf, idParams, listServicesQuery, noContent, serviceInput, serviceSchema } from '@slotted/contract';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import type { servicesService } from './services.service.ts';

export const servicesRoutes: FastifyPluginAsyncZod<{ services: ReturnType<typeof servicesService> }> = async (app, { services }) => {
  const guarded = { onRequest: requireProvider };

  app.get(
    '',
    {
      ...guarded,
      schema: apiSchema(apiRoutes.listServices, { querystring: listServicesQuery, response: { 200: dataOf(z.array(serviceSchema)) } }),
    },
    async (req) => ({
      data: await services.list(currentUser(req).id, req.query.type),
    }),
  );

  app.post(
    '',
    { ...guarded, schema: apiSchema(apiRoutes.createService, { body: serviceInput, response: { 201: dataOf(serviceSchema) } }) },
    async (req, reply) => reply.code(201).send({ data: await services.create(currentUser(req).id, req.body) }),
  );

  app.put(
    '/:id',
    {
      ...guarded,
      schema: apiSchema(apiRoutes.updateService, { params: idParams, body: serviceInput, response: { 200: dataOf(serviceSchema) } }),
    },
    async (req) => ({ data: await services.update(currentUser(req).id, req.params.id, req.body) }),
  );

  app.delete(
    '/:id',
    { ...guarded, schema: apiSchema(apiRoutes.deleteService, { params: idParams, response: { 204: noContent } }) },
    async (req, reply) => {
      await services.remove(currentUser(req).id, req.params.id);
      return reply.code(204).send(null);
    },
  );
};

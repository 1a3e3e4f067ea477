import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { servicesService } from './services.service.ts';

export const servicesRoutes: FastifyPluginAsyncZod<{ services: ReturnType<typeof servicesService> }> = async (app, { services }) => {
  app.route({
    ...apiRoute('listServices'),
    handler: async (req) => ({ data: await services.list(currentUser(req).id, req.query.type) }),
  });

  app.route({
    ...apiRoute('createService'),
    handler: async (req, reply) => reply.code(201).send({ data: await services.create(currentUser(req).id, req.body) }),
  });

  app.route({
    ...apiRoute('updateService'),
    handler: async (req) => ({ data: await services.update(currentUser(req).id, req.params.id, req.body) }),
  });

  app.route({
    ...apiRoute('deleteService'),
    handler: async (req, reply) => {
      await services.remove(currentUser(req).id, req.params.id);
      return reply.code(204).send(null);
    },
  });
};

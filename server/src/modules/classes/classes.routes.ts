import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { classesService } from './classes.service.ts';

export const classesRoutes: FastifyPluginAsyncZod<{ classes: ReturnType<typeof classesService> }> = async (app, { classes }) => {
  app.route({
    ...apiRoute('createRepeater'),
    handler: async (req, reply) => reply.code(201).send({ data: await classes.createRepeater(currentUser(req), req.body) }),
  });

  app.route({
    ...apiRoute('cancelSlot'),
    handler: async (req, reply) => {
      await classes.cancelSlot(currentUser(req), req.params.id, req.query.upcoming === '1');
      return reply.code(204).send(null);
    },
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { waitlistService } from './waitlist.service.ts';

export const waitlistRoutes: FastifyPluginAsyncZod<{ waitlist: ReturnType<typeof waitlistService> }> = async (app, { waitlist }) => {
  app.route({
    ...apiRoute('joinWaitlist'),
    handler: async (req, reply) => reply.code(201).send({ data: await waitlist.join(currentUser(req), req.params.id, req.body.auto_book) }),
  });

  app.route({
    ...apiRoute('leaveWaitlist'),
    handler: async (req, reply) => {
      await waitlist.leave(currentUser(req), req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...apiRoute('slotWaitlist'),
    handler: async (req) => ({ data: await waitlist.forSlot(currentUser(req), req.params.id) }),
  });

  app.route({
    ...apiRoute('myWaitlist'),
    handler: async (req) => ({ data: await waitlist.mine(currentUser(req)) }),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/route-table.ts';
import { sendAnswer } from '../public-cache/index.ts';
import type { slotsService } from './slots.service.ts';

export const slotsRoutes: FastifyPluginAsyncZod<{ slots: ReturnType<typeof slotsService> }> = async (app, { slots }) => {
  // Login optional: visitors see free times; a signed-in viewer also sees their own bookings.
  app.route({
    ...apiRoute('serviceSlots'),
    handler: async (req, reply) => sendAnswer(req, reply, await slots.answer(req.params.id, req.user, req.query)),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/route-table.ts';
import { sendWithEtag } from '../public-cache/index.ts';
import type { slotsService } from './slots.service.ts';

export const slotsRoutes: FastifyPluginAsyncZod<{ slots: ReturnType<typeof slotsService> }> = async (app, { slots }) => {
  // Login optional: visitors see free times; a signed-in viewer also sees their own bookings.
  app.route({
    ...apiRoute('serviceSlots'),
    // Serialised here, typed by the contract (re-validating thousands of slots with zod cost more
    // than building them), to hash the exact bytes for the ETag.
    handler: async (req, reply) => sendWithEtag(req, reply, JSON.stringify(await slots.forService(req.params.id, req.user, req.query))),
  });
};

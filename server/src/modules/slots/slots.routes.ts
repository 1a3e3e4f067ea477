import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/route-table.ts';
import { sendAnswer, sendWithEtag } from '../public-cache/index.ts';
import type { slotsService } from './slots.service.ts';
import type { timetableService } from './timetable.service.ts';

export const slotsRoutes: FastifyPluginAsyncZod<{
  slots: ReturnType<typeof slotsService>;
  timetable: ReturnType<typeof timetableService>;
}> = async (app, { slots, timetable }) => {
  // Login optional: visitors see free times; a signed-in viewer also sees their own bookings.
  app.route({
    ...apiRoute('serviceSlots'),
    handler: async (req, reply) => sendAnswer(req, reply, await slots.answer(req.params.id, req.user, req.query)),
  });
  // The public profile's timetable: every class of the provider, day by day, with the places left.
  app.route({
    ...apiRoute('profileTimetable'),
    handler: async (req, reply) => sendWithEtag(req, reply, JSON.stringify(await timetable.forProvider(req.params.username, req.query))),
  });
};

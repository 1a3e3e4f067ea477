import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { CalendarConnectionsService } from './calendar-connections.service.ts';

export const calendarConnectionsRoutes: FastifyPluginAsyncZod<{ calendars: CalendarConnectionsService }> = async (app, { calendars }) => {
  app.route({ ...apiRoute('calendarConnections'), handler: async (req) => ({ data: await calendars.list(currentUser(req)) }) });

  app.route({
    ...apiRoute('createCalendarConnection'),
    handler: async (req, reply) => reply.code(201).send({ data: await calendars.connect(currentUser(req), req.body) }),
  });

  app.route({
    ...apiRoute('updateCalendarConnection'),
    handler: async (req) => ({ data: await calendars.update(currentUser(req), req.params.id, req.body) }),
  });

  app.route({
    ...apiRoute('deleteCalendarConnection'),
    handler: async (req, reply) => {
      await calendars.disconnect(currentUser(req), req.params.id);
      return reply.code(204).send(null);
    },
  });
};

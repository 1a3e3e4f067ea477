import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { availabilityService } from './availability.service.ts';

export const availabilityRoutes: FastifyPluginAsyncZod<{ availability: ReturnType<typeof availabilityService>; clock: Clock }> = async (
  app,
  { availability, clock },
) => {
  app.route({
    ...apiRoute('workDays'),
    handler: async (req) => {
      const me = currentUser(req);
      return { data: await availability.workWeek(me.id), timezone: me.timezone };
    },
  });
  app.route({
    ...apiRoute('saveWorkDays'),
    handler: async (req) => {
      const me = currentUser(req);
      return { data: await availability.saveWorkWeek(me.id, req.body), timezone: me.timezone };
    },
  });

  app.route({ ...apiRoute('policies'), handler: async (req) => ({ data: await availability.policy(currentUser(req).id) }) });
  app.route({
    ...apiRoute('savePolicies'),
    handler: async (req) => ({ data: await availability.savePolicy(currentUser(req).id, req.body) }),
  });

  app.route({
    ...apiRoute('timeOff'),
    handler: async (req) => {
      const me = currentUser(req);
      return { data: await availability.timeOff(me.id), timezone: me.timezone };
    },
  });
  app.route({
    ...apiRoute('addTimeOff'),
    handler: async (req, reply) => reply.code(201).send({ data: await availability.addTimeOff(currentUser(req).id, req.body) }),
  });
  app.route({
    ...apiRoute('changeTimeOff'),
    handler: async (req) => ({ data: await availability.changeTimeOff(currentUser(req).id, req.params.id, req.body) }),
  });
  app.route({
    ...apiRoute('removeTimeOff'),
    handler: async (req, reply) => {
      await availability.removeTimeOff(currentUser(req).id, req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...apiRoute('holidays'),
    handler: async (req) => {
      const me = currentUser(req);
      const year = req.query.year ?? clock.now().getUTCFullYear();
      return {
        data: {
          country: me.holidayCountry,
          year,
          countries: await availability.countries(),
          holidays: await availability.holidays(me, year),
        },
      };
    },
  });
  app.route({
    ...apiRoute('setHolidayCountry'),
    handler: async (req, reply) => {
      await availability.setCountry(currentUser(req).id, req.body.country);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...apiRoute('chooseHoliday'),
    handler: async (req, reply) => {
      await availability.chooseHoliday(currentUser(req), req.body.date, req.body.available);
      return reply.code(204).send(null);
    },
  });
};

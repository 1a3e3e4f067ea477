import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  dataOf,
  holidayChoiceInput,
  holidayCountryInput,
  holidaysQuery,
  holidaysResponse,
  idParams,
  noContent,
  policiesInput,
  policiesSchema,
  timeOffInput,
  timeOffResponse,
  timeOffSchema,
  workDaysInput,
  workDaysResponse,
} from '@slotted/contract';
import type { Clock } from '../../lib/clock.ts';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import type { availabilityService } from './availability.service.ts';

export const availabilityRoutes: FastifyPluginAsyncZod<{ availability: ReturnType<typeof availabilityService>; clock: Clock }> = async (
  app,
  { availability, clock },
) => {
  const guarded = { onRequest: requireProvider };

  app.get('/work-days', { ...guarded, schema: apiSchema(apiRoutes.workDays, { response: { 200: workDaysResponse } }) }, async (req) => {
    const me = currentUser(req);
    return { data: await availability.workWeek(me.id), timezone: me.timezone };
  });
  app.post(
    '/work-days',
    { ...guarded, schema: apiSchema(apiRoutes.saveWorkDays, { body: workDaysInput, response: { 200: workDaysResponse } }) },
    async (req) => {
      const me = currentUser(req);
      return { data: await availability.saveWorkWeek(me.id, req.body), timezone: me.timezone };
    },
  );

  app.get(
    '/policies',
    { ...guarded, schema: apiSchema(apiRoutes.policies, { response: { 200: dataOf(policiesSchema) } }) },
    async (req) => ({
      data: await availability.policy(currentUser(req).id),
    }),
  );
  app.post(
    '/policies',
    { ...guarded, schema: apiSchema(apiRoutes.savePolicies, { body: policiesInput, response: { 200: dataOf(policiesSchema) } }) },
    async (req) => ({
      data: await availability.savePolicy(currentUser(req).id, req.body),
    }),
  );

  app.get('/time-off', { ...guarded, schema: apiSchema(apiRoutes.timeOff, { response: { 200: timeOffResponse } }) }, async (req) => {
    const me = currentUser(req);
    return { data: await availability.timeOff(me.id), timezone: me.timezone };
  });
  app.post(
    '/time-off',
    { ...guarded, schema: apiSchema(apiRoutes.addTimeOff, { body: timeOffInput, response: { 201: dataOf(timeOffSchema) } }) },
    async (req, reply) => reply.code(201).send({ data: await availability.addTimeOff(currentUser(req).id, req.body) }),
  );
  app.put(
    '/time-off/:id',
    {
      ...guarded,
      schema: apiSchema(apiRoutes.changeTimeOff, { params: idParams, body: timeOffInput, response: { 200: dataOf(timeOffSchema) } }),
    },
    async (req) => ({ data: await availability.changeTimeOff(currentUser(req).id, req.params.id, req.body) }),
  );
  app.delete(
    '/time-off/:id',
    { ...guarded, schema: apiSchema(apiRoutes.removeTimeOff, { params: idParams, response: { 204: noContent } }) },
    async (req, reply) => {
      await availability.removeTimeOff(currentUser(req).id, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/holidays',
    { ...guarded, schema: apiSchema(apiRoutes.holidays, { querystring: holidaysQuery, response: { 200: holidaysResponse } }) },
    async (req) => {
      const me = currentUser(req);
      const year = req.query.year ?? clock.now().getUTCFullYear();
      return {
        data: { country: me.holidayCountry, year, countries: availability.countries(), holidays: await availability.holidays(me, year) },
      };
    },
  );
  app.post(
    '/holidays/country',
    { ...guarded, schema: apiSchema(apiRoutes.setHolidayCountry, { body: holidayCountryInput, response: { 204: noContent } }) },
    async (req, reply) => {
      await availability.setCountry(currentUser(req).id, req.body.country);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/holidays/choice',
    { ...guarded, schema: apiSchema(apiRoutes.chooseHoliday, { body: holidayChoiceInput, response: { 204: noContent } }) },
    async (req, reply) => {
      await availability.chooseHoliday(currentUser(req), req.body.date, req.body.available);
      return reply.code(204).send(null);
    },
  );
};

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { holidayChoiceInput, holidayCountryInput, idParams, policiesInput, timeOffInput, workDaysInput } from '@slotted/contract';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import type { availabilityService } from './availability.service.ts';

export function availabilityRoutes(app: FastifyInstance, deps: { availability: ReturnType<typeof availabilityService>; clock: Clock }): void {
  const { availability } = deps;
  const guarded = { onRequest: requireProvider };

  app.get('/api/work-days', guarded, async (req) => {
    const me = currentUser(req);
    return { data: await availability.workWeek(me.id), timezone: me.timezone };
  });
  app.post('/api/work-days', { ...guarded, schema: { body: workDaysInput } }, async (req) => {
    const me = currentUser(req);
    return { data: await availability.saveWorkWeek(me.id, req.body as z.output<typeof workDaysInput>), timezone: me.timezone };
  });

  app.get('/api/policies', guarded, async (req) => ({ data: await availability.policy(currentUser(req).id) }));
  app.post('/api/policies', { ...guarded, schema: { body: policiesInput } }, async (req) => ({
    data: await availability.savePolicy(currentUser(req).id, req.body as z.output<typeof policiesInput>),
  }));

  app.get('/api/time-off', guarded, async (req) => ({ data: await availability.timeOff(currentUser(req).id), timezone: currentUser(req).timezone }));
  app.post('/api/time-off', { ...guarded, schema: { body: timeOffInput } }, async (req, reply) =>
    reply.code(201).send({ data: await availability.addTimeOff(currentUser(req).id, req.body as z.output<typeof timeOffInput>) }),
  );
  app.put('/api/time-off/:id', { ...guarded, schema: { params: idParams, body: timeOffInput } }, async (req) => ({
    data: await availability.changeTimeOff(currentUser(req).id, (req.params as { id: number }).id, req.body as z.output<typeof timeOffInput>),
  }));
  app.delete('/api/time-off/:id', { ...guarded, schema: { params: idParams } }, async (req, reply) => {
    await availability.removeTimeOff(currentUser(req).id, (req.params as { id: number }).id);
    return reply.code(204).send();
  });

  app.get('/api/holidays', { ...guarded, schema: { querystring: z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() }) } }, async (req) => {
    const me = currentUser(req);
    const year = (req.query as { year?: number }).year ?? deps.clock.now().getUTCFullYear();
    return { data: { country: me.holidayCountry, year, countries: availability.countries(), holidays: await availability.holidays(me, year) } };
  });
  app.post('/api/holidays/country', { ...guarded, schema: { body: holidayCountryInput } }, async (req, reply) => {
    await availability.setCountry(currentUser(req).id, (req.body as { country: string | null }).country);
    return reply.code(204).send();
  });
  app.post('/api/holidays/choice', { ...guarded, schema: { body: holidayChoiceInput } }, async (req, reply) => {
    const body = req.body as { date: string; available: boolean };
    await availability.chooseHoliday(currentUser(req), body.date, body.available);
    return reply.code(204).send();
  });
}

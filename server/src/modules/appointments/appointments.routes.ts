import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createAppointmentInput, listAppointmentsQuery } from '@slotted/contract';
import { currentUser, requireProvider, requireUser } from '../../plugins/auth.ts';
import type { appointmentsService } from './appointments.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Appointment not found.' }) });

export function appointmentsRoutes(app: FastifyInstance, deps: { appointments: ReturnType<typeof appointmentsService> }): void {
  const { appointments } = deps;

  app.post('/api/appointments', { onRequest: requireUser, schema: { body: createAppointmentInput } }, async (req, reply) => {
    const { id, created } = await appointments.create(currentUser(req), req.body as z.output<typeof createAppointmentInput>, req.ip);
    return reply.code(created ? 201 : 200).send({ data: { id } });
  });

  app.get('/api/appointments', { onRequest: requireUser, schema: { querystring: listAppointmentsQuery } }, async (req) => ({
    data: await appointments.list(currentUser(req), req.query as z.output<typeof listAppointmentsQuery>),
  }));

  // An unknown or malformed id is simply not found (the page shows 'Page not found').
  const withId = (req: { params: unknown }) => idParams.safeParse(req.params).data?.id ?? null;
  const notFound = { message: 'Appointment not found.', code: 'not_found' };

  app.get('/api/appointments/:id', { onRequest: requireUser }, async (req, reply) => {
    const id = withId(req);
    return id ? { data: await appointments.get(currentUser(req), id) } : reply.code(404).send(notFound);
  });

  app.post('/api/appointments/:id/confirm-without-payment', { onRequest: requireUser }, async (req, reply) => {
    const id = withId(req);
    return id ? { data: await appointments.confirmWithoutPayment(currentUser(req), id) } : reply.code(404).send(notFound);
  });

  app.post('/api/appointments/:id/cancel', { onRequest: requireUser }, async (req, reply) => {
    const id = withId(req);
    return id ? { data: await appointments.cancel(currentUser(req), id) } : reply.code(404).send(notFound);
  });

  app.get('/api/clients', { onRequest: requireProvider }, async (req) => ({ data: await appointments.clients(currentUser(req)) }));
}

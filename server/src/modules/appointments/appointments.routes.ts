import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifySchemaValidationError } from 'fastify';
import { AppError, schemaValidationError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { appointmentsService } from './appointments.service.ts';

/** An unknown or malformed id is simply not found (the page shows 'Page not found'); a bad query or body is a 422 as usual. */
const byId = {
  schemaErrorFormatter: (errors: FastifySchemaValidationError[], dataVar: string) =>
    dataVar === 'params' ? new AppError('not_found', 'Appointment not found.') : schemaValidationError(errors),
};

export const appointmentsRoutes: FastifyPluginAsyncZod<{ appointments: ReturnType<typeof appointmentsService> }> = async (
  app,
  { appointments },
) => {
  app.route({
    ...apiRoute('createAppointment'),
    handler: async (req, reply) => {
      const { id, created } = await appointments.create(currentUser(req), req.body, req.ip);
      return reply.code(created ? 201 : 200).send({ data: { id } });
    },
  });

  app.route({
    ...apiRoute('listAppointments'),
    handler: async (req) => ({ data: await appointments.list(currentUser(req), req.query) }),
  });

  app.route({
    ...apiRoute('appointment'),
    ...byId,
    handler: async (req) => ({ data: await appointments.get(currentUser(req), req.params.id, req.query, req.ip) }),
  });

  app.route({
    ...apiRoute('confirmWithoutPayment'),
    ...byId,
    handler: async (req) => ({ data: await appointments.confirmWithoutPayment(currentUser(req), req.params.id) }),
  });

  app.route({
    ...apiRoute('appointmentCheckout'),
    ...byId,
    handler: async (req) => ({ data: await appointments.checkout(currentUser(req), req.params.id, req.ip) }),
  });

  app.route({
    ...apiRoute('deductMembership'),
    ...byId,
    handler: async (req) => ({ data: await appointments.deductMembership(currentUser(req), req.params.id, req.body.membership_id) }),
  });

  app.route({
    ...apiRoute('markAppointmentPaid'),
    ...byId,
    handler: async (req) => ({ data: await appointments.markPaid(currentUser(req), req.params.id) }),
  });

  app.route({
    ...apiRoute('rescheduleAppointment'),
    ...byId,
    handler: async (req) => ({ data: await appointments.reschedule(currentUser(req), req.params.id, req.body) }),
  });

  app.route({
    ...apiRoute('markAttendance'),
    ...byId,
    handler: async (req) => ({ data: await appointments.markAttendance(currentUser(req), req.params.id, req.body.status) }),
  });

  app.route({
    ...apiRoute('markAppointmentRefunded'),
    ...byId,
    handler: async (req) => ({ data: await appointments.markRefunded(currentUser(req), req.params.id) }),
  });

  app.route({
    ...apiRoute('cancelAppointment'),
    ...byId,
    handler: async (req) => ({ data: await appointments.cancel(currentUser(req), req.params.id) }),
  });

  app.route({ ...apiRoute('clients'), handler: async (req) => ({ data: await appointments.clients(currentUser(req)) }) });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  appointmentIdParams,
  appointmentQuery,
  appointmentSchema,
  checkoutSchema,
  clientSchema,
  createAppointmentInput,
  createdAppointmentSchema,
  dataOf,
  deductMembershipInput,
  listAppointmentsQuery,
} from '@slotted/contract';
import type { FastifySchemaValidationError } from 'fastify';
import { AppError, schemaValidationError } from '../../lib/app-error.ts';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireProvider, requireUser } from '../../plugins/auth.ts';
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
  app.post(
    '/appointments',
    {
      onRequest: requireUser,
      schema: apiSchema(apiRoutes.createAppointment, {
        body: createAppointmentInput,
        response: { 200: dataOf(createdAppointmentSchema), 201: dataOf(createdAppointmentSchema) },
      }),
    },
    async (req, reply) => {
      const { id, created } = await appointments.create(currentUser(req), req.body, req.ip);
      return reply.code(created ? 201 : 200).send({ data: { id } });
    },
  );

  app.get(
    '/appointments',
    {
      onRequest: requireUser,
      schema: apiSchema(apiRoutes.listAppointments, {
        querystring: listAppointmentsQuery,
        response: { 200: dataOf(z.array(appointmentSchema)) },
      }),
    },
    async (req) => ({ data: await appointments.list(currentUser(req), req.query) }),
  );

  app.get(
    '/appointments/:id',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.appointment, {
        params: appointmentIdParams,
        querystring: appointmentQuery,
        response: { 200: dataOf(appointmentSchema) },
      }),
    },
    async (req) => ({ data: await appointments.get(currentUser(req), req.params.id, req.query, req.ip) }),
  );

  app.post(
    '/appointments/:id/confirm-without-payment',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.confirmWithoutPayment, { params: appointmentIdParams, response: { 200: dataOf(appointmentSchema) } }),
    },
    async (req) => ({ data: await appointments.confirmWithoutPayment(currentUser(req), req.params.id) }),
  );

  app.post(
    '/appointments/:id/checkout',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.appointmentCheckout, { params: appointmentIdParams, response: { 200: dataOf(checkoutSchema) } }),
    },
    async (req) => ({ data: await appointments.checkout(currentUser(req), req.params.id, req.ip) }),
  );

  app.post(
    '/appointments/:id/deduct-membership',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.deductMembership, {
        params: appointmentIdParams,
        body: deductMembershipInput,
        response: { 200: dataOf(appointmentSchema) },
      }),
    },
    async (req) => ({ data: await appointments.deductMembership(currentUser(req), req.params.id, req.body.membership_id) }),
  );

  app.post(
    '/appointments/:id/mark-paid',
    {
      onRequest: requireProvider,
      ...byId,
      schema: apiSchema(apiRoutes.markAppointmentPaid, { params: appointmentIdParams, response: { 200: dataOf(appointmentSchema) } }),
    },
    async (req) => ({ data: await appointments.markPaid(currentUser(req), req.params.id) }),
  );

  app.post(
    '/appointments/:id/mark-refunded',
    {
      onRequest: requireProvider,
      ...byId,
      schema: apiSchema(apiRoutes.markAppointmentRefunded, { params: appointmentIdParams, response: { 200: dataOf(appointmentSchema) } }),
    },
    async (req) => ({ data: await appointments.markRefunded(currentUser(req), req.params.id) }),
  );

  app.post(
    '/appointments/:id/cancel',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.cancelAppointment, { params: appointmentIdParams, response: { 200: dataOf(appointmentSchema) } }),
    },
    async (req) => ({ data: await appointments.cancel(currentUser(req), req.params.id) }),
  );

  app.get(
    '/clients',
    {
      onRequest: requireProvider,
      schema: apiSchema(apiRoutes.clients, { response: { 200: dataOf(z.array(clientSchema)) } }),
    },
    async (req) => ({ data: await appointments.clients(currentUser(req)) }),
  );
};

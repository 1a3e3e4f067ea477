import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiRoutes,
  checkoutSchema,
  createdMembershipSchema,
  createMembershipInput,
  dataOf,
  listMembershipsQuery,
  membershipIdParams,
  membershipQuery,
  membershipSchema,
  purchasedServiceSchema,
} from '@slotted/contract';
import { AppError } from '../../lib/app-error.ts';
import { apiSchema } from '../../lib/api-route.ts';
import { currentUser, requireProvider, requireUser } from '../../plugins/auth.ts';
import type { membershipsService } from './memberships.service.ts';

/** An unknown or malformed id is simply not found (the page shows 'Page not found'). */
const byId = { schemaErrorFormatter: () => new AppError('not_found', 'Membership not found.') };

export const membershipsRoutes: FastifyPluginAsyncZod<{ memberships: ReturnType<typeof membershipsService> }> = async (
  app,
  { memberships },
) => {
  app.get(
    '/memberships',
    {
      onRequest: requireUser,
      schema: apiSchema(apiRoutes.listMemberships, {
        querystring: listMembershipsQuery,
        response: { 200: dataOf(z.array(membershipSchema)) },
      }),
    },
    async (req) => ({ data: await memberships.list(currentUser(req), req.query) }),
  );

  app.post(
    '/memberships',
    {
      onRequest: requireUser,
      schema: apiSchema(apiRoutes.createMembership, {
        body: createMembershipInput,
        response: { 200: dataOf(createdMembershipSchema), 201: dataOf(createdMembershipSchema) },
      }),
    },
    async (req, reply) => {
      const { id, created } = await memberships.create(currentUser(req), req.body.plan_id, req.ip);
      return reply.code(created ? 201 : 200).send({ data: { id } });
    },
  );

  // `session_id` comes back from a redirect-based card payment: the PaymentIntent to check with Stripe.
  app.get(
    '/memberships/:id',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.membership, {
        params: membershipIdParams,
        querystring: membershipQuery,
        response: { 200: dataOf(membershipSchema) },
      }),
    },
    async (req) => ({ data: await memberships.get(currentUser(req), req.params.id, req.query.session_id, req.ip) }),
  );

  app.post(
    '/memberships/:id/checkout',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.membershipCheckout, { params: membershipIdParams, response: { 200: dataOf(checkoutSchema) } }),
    },
    async (req) => ({ data: await memberships.checkout(currentUser(req), req.params.id, req.ip) }),
  );

  app.post(
    '/memberships/:id/confirm-without-payment',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.confirmMembershipWithoutPayment, {
        params: membershipIdParams,
        response: { 200: dataOf(membershipSchema) },
      }),
    },
    async (req) => ({ data: await memberships.confirmWithoutPayment(currentUser(req), req.params.id) }),
  );

  app.post(
    '/memberships/:id/cancel',
    {
      onRequest: requireUser,
      ...byId,
      schema: apiSchema(apiRoutes.cancelMembership, { params: membershipIdParams, response: { 200: dataOf(membershipSchema) } }),
    },
    async (req) => ({ data: await memberships.cancel(currentUser(req), req.params.id) }),
  );

  app.post(
    '/memberships/:id/mark-paid',
    {
      onRequest: requireProvider,
      ...byId,
      schema: apiSchema(apiRoutes.markMembershipPaid, { params: membershipIdParams, response: { 200: dataOf(membershipSchema) } }),
    },
    async (req) => ({ data: await memberships.markPaid(currentUser(req), req.params.id) }),
  );

  app.get(
    '/purchases/services',
    {
      onRequest: requireUser,
      schema: apiSchema(apiRoutes.purchasedServices, { response: { 200: dataOf(z.array(purchasedServiceSchema)) } }),
    },
    async (req) => ({ data: await memberships.purchasedServices(currentUser(req)) }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/guards.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { membershipsService } from './memberships.service.ts';

/** An unknown or malformed id is simply not found (the page shows 'Page not found'). */
const byId = { schemaErrorFormatter: () => new AppError('not_found', 'Membership not found.') };

export const membershipsRoutes: FastifyPluginAsyncZod<{ memberships: ReturnType<typeof membershipsService> }> = async (
  app,
  { memberships },
) => {
  app.route({
    ...apiRoute('listMemberships'),
    handler: async (req) => ({ data: await memberships.list(currentUser(req), req.query) }),
  });

  app.route({
    ...apiRoute('createMembership'),
    handler: async (req, reply) => {
      const { id, created } = await memberships.create(currentUser(req), req.body.plan_id, req.ip);
      return reply.code(created ? 201 : 200).send({ data: { id } });
    },
  });

  // `session_id` comes back from a redirect-based card payment: the PaymentIntent to check with Stripe.
  app.route({
    ...apiRoute('membership'),
    ...byId,
    handler: async (req) => ({ data: await memberships.get(currentUser(req), req.params.id, req.query.session_id, req.ip) }),
  });

  app.route({
    ...apiRoute('membershipCheckout'),
    ...byId,
    handler: async (req) => ({ data: await memberships.checkout(currentUser(req), req.params.id, req.ip) }),
  });

  app.route({
    ...apiRoute('confirmMembershipWithoutPayment'),
    ...byId,
    handler: async (req) => ({ data: await memberships.confirmWithoutPayment(currentUser(req), req.params.id) }),
  });

  app.route({
    ...apiRoute('cancelMembership'),
    ...byId,
    handler: async (req) => ({ data: await memberships.cancel(currentUser(req), req.params.id) }),
  });

  app.route({
    ...apiRoute('markMembershipPaid'),
    ...byId,
    handler: async (req) => ({ data: await memberships.markPaid(currentUser(req), req.params.id) }),
  });

  app.route({
    ...apiRoute('purchasedServices'),
    handler: async (req) => ({ data: await memberships.purchasedServices(currentUser(req)) }),
  });
};

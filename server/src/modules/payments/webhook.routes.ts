/**
 * POST /api/stripe/webhook: Stripe's signed events. The body is read raw — the signature is over
 * the exact bytes — and no session or XSRF token applies (app.ts exempts the path). A failure
 * answers 500 so that Stripe delivers the event again; a duplicate answers 200 and changes nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '@slotted/contract';
import { AppError } from '../../lib/app-error.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { CardPayments } from './card-payments.ts';

export const WEBHOOK_PATH = apiRoutes.stripeWebhook.path;

/** Card payments are not set up here (D11): their routes answer 404. */
export const paymentsNotConfigured = () => new AppError('not_found', 'Card payments are not set up on this installation.');

export const webhookRoutes: FastifyPluginAsync<{ payments: CardPayments | null }> = async (app, { payments }) => {
  // Only in this plugin's scope: every other route keeps parsing JSON.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.route({
    ...apiRoute('stripeWebhook'),
    handler: async (req) => {
      if (!payments) throw paymentsNotConfigured();
      if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 'A Stripe event is sent as JSON.');
      const event = await payments.verify(req.body, req.headers['stripe-signature']?.toString());
      await payments.handleEvent(event);
      return { received: true as const };
    },
  });
};

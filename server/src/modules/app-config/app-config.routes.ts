import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { apiRoute } from '../../plugins/route-table.ts';

/** What the web app needs to know about this installation (which sign-in buttons to show, …). */
export const appConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.route({
    ...apiRoute('config'),
    handler: async () => ({
      data: {
        social: { google: config.social.google !== null, facebook: config.social.facebook !== null },
        marketing_url: config.marketingUrl,
        stripe_publishable_key: config.stripe?.publishableKey ?? null,
        mail_delivery: config.smtpUrl ? ('smtp' as const) : ('console' as const),
      },
    }),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, appConfigSchema, dataOf } from '@slotted/contract';
import type { Config } from '../../config.ts';
import { apiSchema } from '../../lib/api-route.ts';

/** What the web app needs to know about this installation (which sign-in buttons to show, …). */
export const appConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get('', { schema: apiSchema(apiRoutes.config, { response: { 200: dataOf(appConfigSchema) } }) }, async () => ({
    data: {
      social: { google: config.social.google !== null, facebook: config.social.facebook !== null },
      marketing_url: config.marketingUrl,
      stripe_publishable_key: config.stripe?.publishableKey ?? null,
    },
  }));
};

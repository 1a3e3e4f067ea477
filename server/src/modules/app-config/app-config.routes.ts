import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';

/** What the web app needs to know about this installation (which sign-in buttons to show, …). */
export function appConfigRoutes(app: FastifyInstance, deps: { config: Config }): void {
  app.get('/api/config', async () => ({
    data: {
      social: { google: deps.config.social.google !== null, facebook: deps.config.social.facebook !== null },
      marketing_url: deps.config.marketingUrl,
    },
  }));
}

/**
 * GET /stripe/connect and GET /stripe/dashboard: links a provider's browser follows (full-page
 * navigations, not API calls), so they answer with redirects — a signed-out visitor goes to
 * /login and comes back to the payments settings after signing in.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { UserRow } from '../users/index.ts';
import { SETTINGS_PATH, type ConnectService } from './connect.service.ts';
import { paymentsNotConfigured } from './webhook.routes.ts';

/** Read by the web app after sign-in (web/src/lib/redirect-after-login.ts). */
const REDIRECT_COOKIE = 'redirect_after_login';

export const connectRoutes: FastifyPluginAsyncZod<{ connect: ConnectService | null; secure: boolean }> = async (app, deps) => {
  const { connect, secure } = deps;

  /** The signed-in provider, or null once the reply redirects a signed-out visitor to sign in. */
  const provider = (req: FastifyRequest, reply: FastifyReply): UserRow | null => {
    if (!req.user) {
      reply.setCookie(REDIRECT_COOKIE, SETTINGS_PATH, { path: '/', sameSite: 'lax', secure, maxAge: 86_400 });
      reply.redirect('/login');
      return null;
    }
    if (!req.user.isProvider) throw new AppError('forbidden', 'Only providers can take card payments.');
    return req.user;
  };

  app.route({
    ...apiRoute('stripeConnect'),
    handler: async (req, reply) => {
      if (!connect) throw paymentsNotConfigured();
      const user = provider(req, reply);
      if (!user) return reply;
      return reply.redirect(await connect.connect(user, req.query.returned === '1', req.ip));
    },
  });

  app.route({
    ...apiRoute('stripeDashboard'),
    handler: async (req, reply) => {
      if (!connect) throw paymentsNotConfigured();
      const user = provider(req, reply);
      if (!user) return reply;
      return reply.redirect(await connect.dashboard(user, req.ip));
    },
  });
};

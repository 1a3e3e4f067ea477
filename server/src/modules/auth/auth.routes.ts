import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../../plugins/auth.ts';
import { apiRoute } from '../../plugins/route-table.ts';
import type { meService } from '../me/index.ts';
import type { authService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: ReturnType<typeof authService>;
  sessions: SessionCookies;
  me: ReturnType<typeof meService>;
}> = async (app, deps) => {
  const { auth, sessions, me } = deps;

  app.route({
    ...apiRoute('login'),
    handler: async (req) => {
      await auth.requestLink(req.body.email, req.ip);
      return { message: 'We sent you an activation link. Please be sure to check your spam folder too.' };
    },
  });

  app.route({
    ...apiRoute('magicLink'),
    handler: async (req, reply) => {
      const outcome = await auth.openLink(req.body.token, (tx, userId) => sessions.start(tx, reply, req, userId));
      if (outcome.kind === 'needs-setup') {
        return reply.code(202).send({ data: { email: outcome.email, message: 'Set up your account' } });
      }
      return { data: await me.present(outcome.user) };
    },
  });

  app.route({
    ...apiRoute('createUser'),
    handler: async (req, reply) => {
      const { user, created } = await auth.createUser(req.body, (tx, userId) => sessions.start(tx, reply, req, userId));
      return reply.code(created ? 201 : 200).send({ data: await me.present(user) });
    },
  });

  app.route({
    ...apiRoute('logout'),
    handler: async (req, reply) => {
      await sessions.end(reply, req);
      return reply.code(204).send(null);
    },
  });
};

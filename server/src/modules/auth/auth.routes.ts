import type { FastifyInstance } from 'fastify';
import { createUserRequest, loginRequest, magicLinkRequest } from '@slotted/contract';
import type { SessionCookies } from '../../plugins/auth.ts';
import type { meService } from '../me/index.ts';
import type { authService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, deps: { auth: ReturnType<typeof authService>; sessions: SessionCookies; me: ReturnType<typeof meService> }): void {
  const { auth, sessions, me } = deps;

  app.post('/api/login', { schema: { body: loginRequest } }, async (req) => {
    const { email } = req.body as { email: string };
    await auth.requestLink(email, req.ip);
    return { message: 'We sent you an activation link. Please be sure to check your spam folder too.' };
  });

  app.post('/api/magic-link', { schema: { body: magicLinkRequest } }, async (req, reply) => {
    const { token } = req.body as { token: string };
    const outcome = await auth.openLink(token, (tx, userId) => sessions.start(tx, reply, req, userId));
    if (outcome.kind === 'needs-setup') {
      return reply.code(202).send({ data: { email: outcome.email, message: 'Set up your account' } });
    }
    return { data: await me.present(outcome.user) };
  });

  app.post('/api/create-user', { schema: { body: createUserRequest } }, async (req, reply) => {
    const body = req.body as Parameters<typeof auth.createUser>[0];
    const { user, created } = await auth.createUser(body, (tx, userId) => sessions.start(tx, reply, req, userId));
    return reply.code(created ? 201 : 200).send({ data: await me.present(user) });
  });

  app.post('/auth/logout', async (req, reply) => {
    await sessions.end(reply, req);
    return reply.code(204).send();
  });
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/route-table.ts';
import { sendAnswer } from '../public-cache/index.ts';
import type { profileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ReturnType<typeof profileService> }> = async (app, { profile }) => {
  app.route({
    ...apiRoute('profile'),
    // Serialised by the service, typed by the contract, to keep the exact bytes with their ETag.
    handler: async (req, reply) => sendAnswer(req, reply, await profile.answer(req.params.username, req.user?.id ?? null)),
  });
};

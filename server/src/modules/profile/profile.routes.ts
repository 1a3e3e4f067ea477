import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoute } from '../../plugins/route-table.ts';
import { sendWithEtag } from '../public-cache/index.ts';
import type { profileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ReturnType<typeof profileService> }> = async (app, { profile }) => {
  app.route({
    ...apiRoute('profile'),
    // Serialised here, typed by the contract, to hash the exact bytes for the ETag.
    handler: async (req, reply) =>
      sendWithEtag(req, reply, JSON.stringify({ data: await profile.byUsername(req.params.username, req.user?.id ?? null) })),
  });
};

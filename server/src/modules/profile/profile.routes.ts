import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, dataOf, profileParams, publicProfileSchema } from '@slotted/contract';
import { apiSchema } from '../../lib/api-route.ts';
import { sendWithEtag } from '../public-cache/index.ts';
import type { profileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ReturnType<typeof profileService> }> = async (app, { profile }) => {
  app.get(
    '/:username',
    { schema: apiSchema(apiRoutes.profile, { params: profileParams, response: { 200: dataOf(publicProfileSchema) } }) },
    // Serialised here, typed by the contract, to hash the exact bytes for the ETag.
    async (req, reply) =>
      sendWithEtag(req, reply, JSON.stringify({ data: await profile.byUsername(req.params.username, req.user?.id ?? null) })),
  );
};

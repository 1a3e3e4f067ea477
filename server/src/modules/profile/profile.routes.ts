import type { FastifyInstance } from 'fastify';
import { profileParams } from '@slotted/contract';
import type { profileService } from './profile.service.ts';

export function profileRoutes(app: FastifyInstance, deps: { profile: ReturnType<typeof profileService> }): void {
  app.get('/api/profile/:username', { schema: { params: profileParams } }, async (req) => {
    const { username } = req.params as { username: string };
    return { data: await deps.profile.byUsername(username, req.user?.id ?? null) };
  });
}

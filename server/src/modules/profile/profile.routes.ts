import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { profileService } from './profile.service.ts';

export function profileRoutes(app: FastifyInstance, deps: { profile: ReturnType<typeof profileService> }): void {
  app.get('/api/profile/:username', { schema: { params: z.object({ username: z.string().min(1).max(64) }) } }, async (req) => {
    const { username } = req.params as { username: string };
    return { data: await deps.profile.byUsername(username, req.user?.id ?? null) };
  });
}

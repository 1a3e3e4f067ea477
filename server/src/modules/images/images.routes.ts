import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findImage } from './images.service.ts';

export function imagesRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/images/:id', { schema: { hide: true, params: z.object({ id: z.uuid() }) } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const image = await findImage(deps.db, id);
    if (!image) throw new AppError('not_found', 'Image not found.');
    // An image id never changes content: a new upload gets a new id.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.type(image.mime);
    return reply.send(image.bytes);
  });
}

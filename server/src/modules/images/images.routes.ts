import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageIdParams } from '@slotted/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findImage } from './images.service.ts';

/** Image bytes for <img> tags: not part of the JSON API, so not in /api/docs. */
export const imagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/:id', { schema: { hide: true, params: imageIdParams } }, async (req, reply) => {
    const image = await findImage(db, req.params.id);
    if (!image) throw new AppError('not_found', 'Image not found.');
    // An image id never changes content: a new upload gets a new id.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.type(image.mime);
    return reply.send(image.bytes);
  });
};

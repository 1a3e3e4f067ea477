import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { deleteSlotQuery, idParams, repeaterInput } from '@slotted/contract';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import type { classesService } from './classes.service.ts';

export function classesRoutes(app: FastifyInstance, deps: { classes: ReturnType<typeof classesService> }): void {
  app.post('/api/repeaters', { onRequest: requireProvider, schema: { body: repeaterInput } }, async (req, reply) => {
    const data = await deps.classes.createRepeater(currentUser(req), req.body as z.output<typeof repeaterInput>);
    return reply.code(201).send({ data });
  });

  app.delete('/api/slots/:id', {
    onRequest: requireProvider,
    schema: { params: idParams, querystring: deleteSlotQuery },
  }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const { upcoming } = req.query as { upcoming: '0' | '1' };
    await deps.classes.cancelSlot(currentUser(req), id, upcoming === '1');
    return reply.code(204).send();
  });
}

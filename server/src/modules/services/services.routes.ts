import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, SERVICE_TYPES, serviceInput } from '@slotted/contract';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import type { servicesService } from './services.service.ts';

export function servicesRoutes(app: FastifyInstance, deps: { services: ReturnType<typeof servicesService> }): void {
  const { services } = deps;
  const guarded = { onRequest: requireProvider };

  app.get('/api/services', { ...guarded, schema: { querystring: z.object({ type: z.enum(SERVICE_TYPES).optional() }) } }, async (req) => {
    const { type } = req.query as { type?: 'appointment' | 'class' };
    return { data: await services.list(currentUser(req).id, type) };
  });

  app.post('/api/services', { ...guarded, schema: { body: serviceInput } }, async (req, reply) => {
    const data = await services.create(currentUser(req).id, req.body as z.output<typeof serviceInput>);
    return reply.code(201).send({ data });
  });

  app.put('/api/services/:id', { ...guarded, schema: { params: idParams, body: serviceInput } }, async (req) => {
    const { id } = req.params as { id: number };
    return { data: await services.update(currentUser(req).id, id, req.body as z.output<typeof serviceInput>) };
  });

  app.delete('/api/services/:id', { ...guarded, schema: { params: idParams } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    await services.remove(currentUser(req).id, id);
    return reply.code(204).send();
  });
}

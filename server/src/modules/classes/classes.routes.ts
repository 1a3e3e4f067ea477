import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deleteSlotQuery, repeaterInput } from '@slotted/contract';
import { currentUser, requireProvider } from '../../plugins/auth.ts';
import type { classesService } from './classes.service.ts';
import type { appointmentsService } from '../appointments/appointments.service.ts';

export function classesRoutes(app: FastifyInstance, deps: { classes: ReturnType<typeof classesService>; appointments: ReturnType<typeof appointmentsService> }): void {
  app.post('/api/repeaters', { onRequest: requireProvider, schema: { body: repeaterInput } }, async (req, reply) => {
    const data = await deps.classes.createRepeater(currentUser(req), req.body as z.output<typeof repeaterInput>);
    return reply.code(201).send({ data });
  });

  app.delete('/api/slots/:id', {
    onRequest: requireProvider,
    schema: { params: z.object({ id: z.coerce.number().int().positive() }), querystring: deleteSlotQuery },
  }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const { upcoming } = req.query as { upcoming: '0' | '1' };
    const { cancelledBookings } = await deps.classes.cancelSlot(currentUser(req), id, upcoming === '1');
    await deps.appointments.notifyClassCancelled(cancelledBookings);
    return reply.code(204).send();
  });
}

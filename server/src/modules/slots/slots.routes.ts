import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { idParams, serviceSlotsQuery } from '@slotted/contract';
import type { slotsService } from './slots.service.ts';

export function slotsRoutes(app: FastifyInstance, deps: { slots: ReturnType<typeof slotsService> }): void {
  // Login optional: visitors see free times; a signed-in viewer also sees their own bookings.
  app.get('/api/services/:id/slots', {
    schema: {
      params: idParams,
      querystring: serviceSlotsQuery,
    },
  }, async (req) => {
    const { id } = req.params as { id: number };
    return deps.slots.forService(id, req.user, req.query as z.output<typeof serviceSlotsQuery>);
  });
}

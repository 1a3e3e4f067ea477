import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { timezoneField } from '@slotted/contract';
import type { slotsService } from './slots.service.ts';

export function slotsRoutes(app: FastifyInstance, deps: { slots: ReturnType<typeof slotsService> }): void {
  // Login optional: visitors see free times; a signed-in viewer also sees their own bookings.
  app.get('/api/services/:id/slots', {
    schema: {
      params: z.object({ id: z.coerce.number().int().positive() }),
      querystring: z.object({ timezone: timezoneField.default('UTC') }),
    },
  }, async (req) => {
    const { id } = req.params as { id: number };
    const { timezone } = req.query as { timezone: string };
    return deps.slots.forService(id, req.user, timezone);
  });
}

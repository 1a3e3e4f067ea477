import { z } from 'zod';
import { TIME_PATTERN, WEEKDAYS } from './constants.ts';
import { recordId } from './ids.ts';
import { calendarDate } from './wall-clock.ts';

export const REPEAT_EVERY = ['1w', '2w', '3w', '4w'] as const;

/** POST /api/repeaters (docs/product-rules.md#classes). start_at is the provider's wall clock. */
export const repeaterInput = z
  .object({
    service_id: recordId('Choose a class.'),
    start_at: z.string({ error: 'Choose a start date and time.' }).refine((s) => {
      const [d, t, ...rest] = s.split(' ');
      return rest.length === 0 && !!t && TIME_PATTERN.test(t) && calendarDate.safeParse(d).success;
    }, 'Choose a start date and time (YYYY-MM-DD HH:MM).'),
    repeat_every: z.enum(REPEAT_EVERY, { error: 'Choose how often it repeats.' }).nullable().default(null),
    weekdays: z.array(z.enum(WEEKDAYS, { error: 'Unknown weekday.' })).default([]),
  })
  .refine((r) => r.repeat_every === null || r.weekdays.length > 0, { path: ['weekdays'], message: 'Choose at least one day.' });
export type RepeaterInput = z.input<typeof repeaterInput>;

/** DELETE /api/slots/{id}?upcoming=0|1 */
export const deleteSlotQuery = z.object({ upcoming: z.enum(['0', '1']).default('0') });

/** POST /api/repeaters answer. */
export const createdRepeaterSchema = z.object({
  id: z.number(),
  service: z.object({ id: z.number(), name: z.string() }),
  /** How many classes were put on the timetable. */
  occurrences: z.number(),
});

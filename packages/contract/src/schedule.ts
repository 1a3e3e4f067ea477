import { z } from 'zod';
import { attendanceSchema } from './appointments.ts';
import { appointmentMembershipSchema } from './memberships.ts';

export const SCHEDULE_SUBSETS = ['future', 'past', 'cancelled'] as const;
export type ScheduleSubset = (typeof SCHEDULE_SUBSETS)[number];

/**
 * A booking on a schedule card. The roster's fields (price, how it is paid, paid, attendance) are
 * the provider's: a client sees them only for their own bookings.
 */
export const scheduleAppointmentSchema = z.object({
  id: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  cancelled_at: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable(), is_me: z.boolean() }),
  /** Euros. */
  price: z.number(),
  /** How it is paid; null while nothing is chosen (a booking that lost its membership credit). */
  payment_method: z.enum(['card', 'membership', 'in_person']).nullable(),
  /** The membership whose credit pays for it. */
  membership: appointmentMembershipSchema.nullable(),
  /** The money is in (a free booking is paid). */
  paid: z.boolean(),
  attendance: attendanceSchema,
});

/**
 * A card of the schedule: a class occurrence, or a 1:1 appointment. Times are in `timezone`, the
 * viewer's zone (docs/product-rules.md#time-and-time-zones); `starts_at`/`ends_at` are UTC
 * instants.
 */
export const scheduleSlotSchema = z.object({
  id: z.string(),
  kind: z.enum(['class', 'appointment']),
  date: z.string(),
  time: z.string(),
  until: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  in_the_past: z.boolean(),
  cancelled_at: z.string().nullable(),
  service: z.object({
    id: z.number(),
    name: z.string(),
    type: z.enum(['appointment', 'class']),
    location: z.string(),
    duration: z.number(),
    capacity: z.number(),
  }),
  /** `timezone`: the provider's zone, for the studio's local time beside the viewer's (decision 0004). */
  provider: z.object({ name: z.string(), username: z.string().nullable(), avatar: z.string().nullable(), timezone: z.string() }),
  is_mine: z.boolean(),
  /** Active places taken (classes) — what the card shows as participants. */
  participants: z.number(),
  /** Classes: clients in the occurrence's waitlist (with or without an offer pending); 0 for others. */
  waitlist_count: z.number(),
  appointments: z.array(scheduleAppointmentSchema),
  repeater: z
    .object({ id: z.number(), weekdays: z.array(z.string()), start_time: z.string(), repeat_every: z.string().nullable() })
    .nullable(),
});
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

/** A day of slots, in the viewer's zone. */
export const scheduleDaySchema = z.object({
  date: z.string(),
  weekday: z.string(),
  day: z.number(),
  month: z.string(),
  slots: z.array(scheduleSlotSchema),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

/** GET /api/schedule?subset=future|past|cancelled */
export const scheduleQuery = z.object({
  subset: z.enum(SCHEDULE_SUBSETS, { error: 'Choose future, past or cancelled.' }).default('future'),
});

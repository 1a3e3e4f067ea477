import { z } from 'zod';
import { serviceSchema } from './services.ts';

/** GET /api/profile/{username} (spec §3 Provider on profile). Plans arrive with the plans issue. */
export const publicProfileSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  timezone: z.string(),
  plans: z.array(z.unknown()),
  services: z.array(serviceSchema),
  policy: z.object({ min_hours_before_cancellation: z.number(), terms_of_service: z.string() }),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A bookable slot (spec §3 Slot) — the slot engine's output. */
export const bookableSlotSchema = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string(),
  until: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  available: z.boolean(),
  booked_by_you: z.boolean(),
  taken: z.boolean(),
});
export const bookableDaySchema = z.object({ date: z.string(), weekday: z.string(), day: z.number(), month: z.string(), slots: z.array(bookableSlotSchema) });

/** GET /api/services/{id}/slots?timezone=… */
export const serviceSlotsResponse = z.object({
  data: z.array(bookableDaySchema),
  meta: z.object({ timezone: z.string(), service: serviceSchema, max_days_before_booking: z.number() }),
});
export type ServiceSlotsResponse = z.infer<typeof serviceSlotsResponse>;

import { z } from 'zod';
import { timezoneField } from './auth.ts';
import { planSchema } from './plans.ts';
import { serviceSchema } from './services.ts';
import { singleLineText } from './text.ts';
import { calendarDate } from './wall-clock.ts';

/** GET /api/profile/{username}: any text may be looked up (an unknown one is not found), but not control characters. */
export const profileParams = z.object({
  username: singleLineText({ what: 'the username', required: 'Please enter a username.', max: 64, tooLong: 'That username is too long.' }),
});

/** GET /api/profile/{username} (docs/product-rules.md#public-profile): live plans and services. */
export const publicProfileSchema = z.object({
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  timezone: z.string(),
  plans: z.array(planSchema),
  services: z.array(serviceSchema),
  policy: z.object({ min_hours_before_cancellation: z.number(), terms_of_service: z.string() }),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** A bookable slot: the slot engine's output. */
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
  /**
   * Classes (docs/product-rules.md#waitlist): a full occurrence whose waitlist takes clients now
   * (open and not full), and the viewer's place in its line (1 = next), or null.
   */
  waitlist_open: z.boolean().optional(),
  waitlist_position: z.number().nullable().optional(),
});
export const bookableDaySchema = z.object({
  date: z.string(),
  weekday: z.string(),
  day: z.number(),
  month: z.string(),
  slots: z.array(bookableSlotSchema),
});

/** The most days one slots answer covers; a longer stretch is asked for page by page. */
export const SLOTS_WINDOW_MAX_DAYS = 31;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * GET /api/services/{id}/slots?timezone=…&from=…&to=… — `from` and `to` are dates in `timezone`,
 * both included, at most SLOTS_WINDOW_MAX_DAYS apart. Without them the answer starts today and
 * covers the longest window.
 */
export const serviceSlotsQuery = z
  .object({
    timezone: timezoneField.default('UTC'),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.to === undefined) return;
    if (q.from === undefined) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first day as well.' });
    } else if (dayNumber(q.to) < dayNumber(q.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day cannot be before the first.' });
    } else if (dayNumber(q.to) - dayNumber(q.from) + 1 > SLOTS_WINDOW_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${SLOTS_WINDOW_MAX_DAYS} days at a time.` });
    }
  });
export type ServiceSlotsQuery = z.input<typeof serviceSlotsQuery>;

export const serviceSlotsResponse = z.object({
  data: z.array(bookableDaySchema),
  meta: z.object({
    timezone: z.string(),
    service: serviceSchema,
    max_days_before_booking: z.number(),
    /** The window answered, dates in `timezone`, both included. */
    from: z.string(),
    to: z.string(),
    /**
     * Where the next page starts (a date in `timezone`): the day after `to` while the provider's
     * advance-booking window reaches further, or the first day left out when the answer hit its
     * size limit. Null when there is nothing more to ask for.
     */
    next_from: z.string().nullable(),
    /** next_from !== null. */
    has_more: z.boolean(),
  }),
});
export type ServiceSlotsResponse = z.infer<typeof serviceSlotsResponse>;

/** The most days one timetable answer covers (two weeks); later weeks are asked for with `from`. */
export const TIMETABLE_MAX_DAYS = 14;

/**
 * GET /api/profile/{username}/timetable?timezone=…&from=…&days=… (docs/product-rules.md#public-profile):
 * the provider's classes day by day, from `from` (a date in `timezone`, today by default) for `days`
 * days (7 by default).
 */
export const profileTimetableQuery = z.object({
  timezone: timezoneField.default('UTC'),
  from: calendarDate.optional(),
  days: z.coerce
    .number({ error: 'Choose a number of days.' })
    .int('Choose a whole number of days.')
    .min(1, 'Choose at least one day.')
    .max(TIMETABLE_MAX_DAYS, `Choose at most ${TIMETABLE_MAX_DAYS} days at a time.`)
    .default(7),
});
export type ProfileTimetableQuery = z.input<typeof profileTimetableQuery>;

/** One class occurrence on the timetable: when, what, and the places left. */
export const timetableClassSchema = z.object({
  /** The occurrence (slot) id, as the choose-time page's slots carry it. */
  slot_id: z.string(),
  service: z.object({ id: z.number(), name: z.string(), duration: z.number(), location: z.string() }),
  /** Wall clock in the query's `timezone`: the day (for the choose-time link), start and end. */
  date: z.string(),
  time: z.string(),
  until: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number(),
  /** Places not taken by confirmed bookings or live holds. */
  places_left: z.number(),
  /** Open for booking now: not full, and inside the provider's booking notice and advance window. */
  bookable: z.boolean(),
});
export type TimetableClass = z.infer<typeof timetableClassSchema>;

export const timetableDaySchema = z.object({
  date: z.string(),
  weekday: z.string(),
  day: z.number(),
  month: z.string(),
  classes: z.array(timetableClassSchema),
});
export type TimetableDay = z.infer<typeof timetableDaySchema>;

export const profileTimetableResponse = z.object({
  /** Every day of the window, in order, those without classes too. */
  data: z.array(timetableDaySchema),
  meta: z.object({
    timezone: z.string(),
    from: z.string(),
    to: z.string(),
    /** The first day of the next window while the provider's advance-booking window reaches it, else null. */
    next_from: z.string().nullable(),
  }),
});
export type ProfileTimetableResponse = z.infer<typeof profileTimetableResponse>;

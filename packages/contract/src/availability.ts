import { z } from 'zod';
import { ADVANCE_BOOKING_DAYS, BOOKING_NOTICE_HOURS, CANCELLATION_NOTICE_HOURS, REMINDER_HOURS, TIME_PATTERN } from './constants.ts';
import { calendarDate, minutesOfDay, timeOfDay } from './wall-clock.ts';
import { multiLineText, singleLineText } from './text.ts';

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const WEEKDAY_ABBREVIATIONS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A work day; `weekday` is ISO (1 = Monday). Times are the provider's wall clock. */
export const workDaySchema = z.object({
  weekday: z.number().int().min(1).max(7),
  name: z.string(),
  abbreviation: z.string(),
  available: z.boolean(),
  from: z.string(),
  to: z.string(),
});
export type WorkDay = z.infer<typeof workDaySchema>;

export const workDayInput = z
  .object({
    weekday: z.number({ error: 'Unknown day.' }).int().min(1, 'Unknown day.').max(7, 'Unknown day.'),
    available: z.boolean({ error: 'Choose whether you work this day.' }),
    from: timeOfDay,
    to: timeOfDay,
  })
  // Only compare two well-formed times; a malformed one already has its own message.
  .refine((d) => !TIME_PATTERN.test(d.from) || !TIME_PATTERN.test(d.to) || minutesOfDay(d.from) < minutesOfDay(d.to), {
    path: ['to'],
    message: 'The end time must be after the start time.',
  });

/** POST /api/work-days: `{ data: [7 days] }`. Errors are keyed `data.{i}.{field}`. */
export const workDaysInput = z.object({
  data: z
    .array(workDayInput)
    .length(7, 'Send all seven days.')
    .refine((days) => days.length !== 7 || new Set(days.map((d) => d.weekday)).size === 7, 'Send each day once.'),
});

/**
 * GET/POST /api/work-days answer: the days and the zone their times are in
 * (docs/product-rules.md#time-and-time-zones).
 */
export const workDaysResponse = z.object({ data: z.array(workDaySchema), timezone: z.string() });

const oneOf = <T extends readonly number[]>(values: T, message: string) =>
  z.coerce.number({ error: message }).refine((n) => (values as readonly number[]).includes(n), message);

/**
 * Policies (docs/product-rules.md#availability-and-policies); the option lists are constants. Terms
 * are rich text (sanitised by the server).
 */
export const policiesInput = z.object({
  min_hours_before_booking: oneOf(BOOKING_NOTICE_HOURS, 'Choose one of the booking notice options.'),
  max_days_before_booking: oneOf(ADVANCE_BOOKING_DAYS, 'Choose one of the advance booking options.'),
  min_hours_before_cancellation: oneOf(CANCELLATION_NOTICE_HOURS, 'Choose one of the cancellation notice options.'),
  /** Left out: the current choice stays (callers from before reminders existed). */
  reminder_hours_before: oneOf(REMINDER_HOURS, 'Choose one of the reminder options.').optional(),
  terms_of_service: multiLineText({ what: 'the terms', max: 50_000, tooLong: 'The terms are too long.' }).default(''),
});
/** What POST /api/policies takes, as validated (the reminder notice may be left out). */
export type PoliciesInput = z.output<typeof policiesInput>;
export const policiesSchema = z.object({
  min_hours_before_booking: z.number(),
  max_days_before_booking: z.number(),
  min_hours_before_cancellation: z.number(),
  /** 0: clients get no reminder e-mail. */
  reminder_hours_before: z.number(),
  terms_of_service: z.string(),
});
export type Policies = z.infer<typeof policiesSchema>;

/** Time off (docs/product-rules.md#availability): wall-clock in the provider's zone, half-open. */
export const timeOffInput = z
  .object({
    from_date: calendarDate,
    from_time: timeOfDay,
    until_date: calendarDate,
    until_time: timeOfDay,
    note: singleLineText({ what: 'the note', max: 200, tooLong: 'The note can be at most 200 characters.' }).default(''),
  })
  // The message goes under the field that is wrong: the end date when it is before the start
  // date, the end time when the dates are the same day.
  .superRefine((t, ctx) => {
    if (t.until_date < t.from_date)
      ctx.addIssue({ code: 'custom', path: ['until_date'], message: 'The end date must be on or after the start date.' });
    else if (`${t.from_date}T${t.from_time}` >= `${t.until_date}T${t.until_time}`)
      ctx.addIssue({ code: 'custom', path: ['until_time'], message: 'The end must be after the start.' });
  });
export const timeOffSchema = z.object({
  id: z.number(),
  from_date: z.string(),
  from_time: z.string(),
  until_date: z.string(),
  until_time: z.string(),
  note: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/** A public holiday of the provider's country (docs/product-rules.md#availability). */
export const holidaySchema = z.object({
  date: z.string(),
  name: z.string(),
  weekday: z.string(),
  available: z.boolean(),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** GET /api/holidays?year=YYYY */
export const holidaysResponse = z.object({
  data: z.object({
    country: z.string().nullable(),
    year: z.number(),
    countries: z.array(z.object({ code: z.string(), name: z.string() })),
    holidays: z.array(holidaySchema),
  }),
});

export const holidayCountryInput = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a country.')
    .nullable(),
});
export const holidayChoiceInput = z.object({ date: calendarDate, available: z.boolean({ error: 'Choose available or not.' }) });

/**
 * GET /api/time-off answer: the entries and the zone their wall-clock times are in
 * (docs/product-rules.md#time-and-time-zones).
 */
export const timeOffResponse = z.object({ data: z.array(timeOffSchema), timezone: z.string() });

/** GET /api/holidays?year=YYYY; without a year, this year. */
export const holidaysQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

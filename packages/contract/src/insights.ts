import { z } from 'zod';

/**
 * GET /api/insights: a provider's overview (issue 14, item 16). Dates are 'YYYY-MM-DD' and months
 * 'YYYY-MM' in `timezone`, the provider's zone; weeks run Monday to Sunday and are named by their
 * Monday; every list runs oldest first and has an entry for every day, week or month, zeros
 * included, so a chart's axis never skips one. Money is in euros (docs/architecture.md#api-conventions).
 */
export const insightsDaySchema = z.object({
  date: z.string(),
  /** Confirmed bookings (1:1 and class places) starting that day. */
  bookings: z.number(),
});

export const insightsClassWeekSchema = z.object({
  week: z.string(),
  /** Confirmed places in the week's occurrences that have started (cancelled occurrences left out). */
  booked: z.number(),
  /** The places those occurrences offered; 0 when the class did not run that week. */
  capacity: z.number(),
});

export const insightsClassFillSchema = z.object({
  service: z.object({ id: z.number(), name: z.string() }),
  weeks: z.array(insightsClassWeekSchema),
});

export const insightsClientsWeekSchema = z.object({
  week: z.string(),
  /** Clients whose first ever booking with the provider started that week. */
  new: z.number(),
  /** Clients with a booking that week who had booked before. */
  returning: z.number(),
});

export const insightsSalesMonthSchema = z.object({
  month: z.string(),
  /** Card payments that went through that month. */
  card: z.number(),
  /** Payments the provider marked as received in person that month. */
  in_person: z.number(),
  /** What was given back of that month's payments. */
  refunded: z.number(),
  /** card + in_person − refunded. */
  net: z.number(),
});

export const insightsAttendanceWeekSchema = z.object({
  week: z.string(),
  /** Confirmed bookings that have started that week, by the provider's check-in. */
  attended: z.number(),
  no_show: z.number(),
  not_marked: z.number(),
});

export const insightsSchema = z.object({
  timezone: z.string(),
  /** Monday to Sunday of the current week. */
  this_week: z.array(insightsDaySchema),
  /** Each class that ran in the last eight weeks (this one so far), by name. */
  class_fill: z.array(insightsClassFillSchema),
  /** The last eight weeks, this one so far: bookings that have started. */
  clients: z.array(insightsClientsWeekSchema),
  /** The last twelve months, this one so far. */
  sales: z.array(insightsSalesMonthSchema),
  /** The last eight weeks, this one so far: who came to the sessions that have started. */
  attendance: z.array(insightsAttendanceWeekSchema),
});
export type Insights = z.infer<typeof insightsSchema>;
export type InsightsClassFill = z.infer<typeof insightsClassFillSchema>;

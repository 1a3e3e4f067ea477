import { z } from 'zod';
import { singleLineText } from './text.ts';

/*
 * Calendar connections (docs/product-rules.md#calendar-connections): a CalDAV account whose
 * calendars block the owner's times and take the bookings as events. The password goes in once
 * and never comes back.
 */

export const connectCalendarInput = z.object({
  server_url: singleLineText({
    what: 'the server address',
    max: 2000,
    tooLong: 'The server address is too long.',
    required: 'Please enter the server address.',
  }).refine((v) => URL.canParse(v.includes('://') ? v : `https://${v}`), 'Please enter a server address, like https://caldav.example.com.'),
  username: singleLineText({
    what: 'the user name',
    max: 320,
    tooLong: 'The user name is too long.',
    required: 'Please enter the user name.',
  }),
  password: z
    .string({ error: 'Please enter the app password.' })
    .min(1, 'Please enter the app password.')
    .max(1000, 'The password is too long.')
    .refine((s) => !/[\r\n\0]/.test(s), 'The password cannot contain line breaks.'),
});
export type ConnectCalendarInput = z.infer<typeof connectCalendarInput>;

export const calendarChoiceSchema = z.object({
  url: z.string(),
  name: z.string(),
  /** Its events block times in the slots. */
  blocks: z.boolean(),
  /** Bookings are written to it (one calendar at most). */
  writes: z.boolean(),
});
export type CalendarChoice = z.infer<typeof calendarChoiceSchema>;

export const updateCalendarConnectionInput = z.object({
  calendars: z
    .array(z.object({ url: z.string().max(4000), blocks: z.boolean(), writes: z.boolean() }))
    .max(200)
    .refine((cs) => cs.filter((c) => c.writes).length <= 1, 'Choose one calendar to write bookings to.'),
});
export type UpdateCalendarConnectionInput = z.infer<typeof updateCalendarConnectionInput>;

export const calendarConnectionIdParams = z.object({ id: z.uuid({ error: 'Calendar connection not found.' }) });

export const calendarConnectionSchema = z.object({
  id: z.string(),
  server_url: z.string(),
  username: z.string(),
  calendars: z.array(calendarChoiceSchema),
  /** The last time busy times were read; null before the first. */
  synced_at: z.string().nullable(),
  /** Since when reading fails ('Not syncing since …'); null while it works. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;

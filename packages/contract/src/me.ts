import { z } from 'zod';
import { RESERVED_USERNAMES, USERNAME_PATTERN } from './constants.ts';
import { nameField, timezoneField } from './auth.ts';
import { multiLineText } from './text.ts';

export const signInMethod = z.enum(['email', 'google', 'facebook']);

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  bio: z.string().nullable(),
  username: z.string().nullable(),
  timezone: z.string(),
  is_provider: z.boolean(),
  require_payment: z.boolean(),
  stripe_connected: z.boolean(),
  sign_in_methods: z.array(signInMethod),
  /** Reminder e-mails before booked sessions (docs/product-rules.md#reminders). */
  reminders: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

const reserved = new Set<string>(RESERVED_USERNAMES);

export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, 'Use 3 to 30 characters: lowercase letters, digits, - and _.')
  .refine((u) => !reserved.has(u), 'This username is reserved. Please choose another one.');

/** Phone numbers: digits, spaces and + - ( ) only, with at least 6 digits. */
export const phoneField = z
  .string()
  .trim()
  .max(32, 'That phone number is too long.')
  .refine(
    (p) => /^\+?[0-9 ()-]+$/.test(p) && p.replace(/\D/g, '').length >= 6,
    'Please enter a valid phone number, starting with the country code (e.g. +34 600 000 000).',
  );

/**
 * The text fields of POST /api/me (multipart; booleans as 0/1). Empty strings clear optional
 * fields. Files (avatar_upload, cover_upload) are checked separately by content.
 */
export const updateMeFields = z.object({
  name: nameField,
  phone: z.union([z.literal(''), phoneField]).optional(),
  bio: multiLineText({ what: 'your bio', max: 1000, tooLong: 'Your bio can be at most 1000 characters.' }).trim().optional(),
  username: z.union([z.literal(''), usernameField]).optional(),
  timezone: timezoneField.optional(),
  is_provider: z.enum(['0', '1']).optional(),
  remove_avatar: z.enum(['0', '1']).optional(),
  remove_cover: z.enum(['0', '1']).optional(),
  reminders: z.enum(['0', '1']).optional(),
  email: z.string({ error: 'Your e-mail address cannot be changed.' }).optional(),
});
export type UpdateMeFields = z.infer<typeof updateMeFields>;

/** A file field of a multipart form, as /api/docs shows it. */
export const uploadedFile = z.string().meta({ format: 'binary' });

/** POST /api/me as /api/docs shows it: the text fields and the image files of the form. */
export const updateMeForm = updateMeFields.extend({
  avatar_upload: uploadedFile.optional(),
  cover_upload: uploadedFile.optional(),
});

/** POST /api/me/payments (providers connected to Stripe): card payment required to book (spec §3). */
export const updatePaymentsInput = z.object({
  require_payment: z.union([z.boolean(), z.enum(['0', '1']).transform((v) => v === '1')], {
    error: 'Choose whether clients must pay when they book.',
  }),
});
export type UpdatePaymentsInput = z.input<typeof updatePaymentsInput>;

/** GET/POST /api/calendar-feed: a private feed address, as https and as webcal (docs/product-rules.md#calendar-feeds). */
export const calendarFeedSchema = z.object({ https: z.string(), webcal: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

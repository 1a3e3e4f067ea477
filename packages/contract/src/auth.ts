import { z } from 'zod';
import { singleLineText } from './text.ts';
import { isIanaZone } from './time-zone.ts';

export const emailField = z
  .string({ error: 'Please enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }));

export const loginRequest = z.object({ email: emailField });
export type LoginRequest = z.infer<typeof loginRequest>;

/** Magic-link tokens are 32 random bytes, base64url: exactly 43 characters. */
export const magicLinkToken = z
  .string({ error: 'This sign-in link is not valid.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-in link is not valid.');

export const magicLinkRequest = z.object({ token: magicLinkToken });

export const nameField = singleLineText({
  what: 'your name',
  required: 'Please enter your name.',
  max: 100,
  tooLong: 'Your name can be at most 100 characters.',
});

export const timezoneField = z.string().refine((tz) => isIanaZone(tz), 'Please choose a valid time zone.');

export const createUserRequest = z.object({
  email: emailField,
  name: nameField,
  token: magicLinkToken,
  timezone: timezoneField.optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

/** The answer of POST /api/magic-link when the link belongs to someone without an account yet. */
export const magicLinkNewUserResponse = z.object({ email: z.string(), message: z.string() });

/** GET /api/config: what the web app needs to know about this installation. */
export const appConfigSchema = z.object({
  social: z.object({ google: z.boolean(), facebook: z.boolean() }),
  marketing_url: z.string().nullable(),
  /** Stripe's publishable key when card payments are configured (D11: null hides every card payment). */
  stripe_publishable_key: z.string().nullable(),
  /**
   * Where sign-in e-mails go: `smtp` (a real mail server) or `console` (no SMTP_URL: printed in
   * the terminal running the server, so there is no inbox or spam folder to look in).
   */
  mail_delivery: z.enum(['smtp', 'console']),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;

/** `/auth/social/{provider}` and its callback. */
export const socialProviderParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });

/**
 * GET /auth/social/{provider}?timezone=…: the browser's zone, kept for an account the sign-in
 * creates. Sign-in never fails over it: an unusable value is dropped.
 */
export const socialStartQuery = z.object({ timezone: z.string().optional().catch(undefined) });

import { z } from 'zod';
import { CAPACITY_MAX, DURATION_MAX_MINUTES, WAITLIST_SIZE_MAX, WAITLIST_SIZE_MIN } from './constants.ts';
import { euroAmount } from './money.ts';
import { multiLineText, singleLineText } from './text.ts';

export const SERVICE_TYPES = ['appointment', 'class'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

const wholeNumber = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Please enter the ${what}.` })
    .int(`The ${what} must be a whole number.`)
    .min(min, `The ${what} must be between ${min} and ${max}.`)
    .max(max, `The ${what} must be between ${min} and ${max}.`);

/** Body of POST /api/services and PUT /api/services/{id} (docs/product-rules.md#services). */
export const serviceInput = z.object({
  name: singleLineText({
    what: 'the name',
    required: 'Please enter a name.',
    max: 120,
    tooLong: 'The name can be at most 120 characters.',
  }),
  type: z.enum(SERVICE_TYPES, { error: 'Choose appointment or class.' }),
  description: multiLineText({ what: 'the description', max: 50_000, tooLong: 'The description is too long.' }).default(''),
  price: euroAmount,
  /** A booking must occupy time, so 0 minutes is refused (docs/decisions/0001). */
  duration: wholeNumber('duration', 1, DURATION_MAX_MINUTES),
  location: singleLineText({ what: 'the location', max: 200, tooLong: 'The location can be at most 200 characters.' }).default(''),
  /** Classes only; appointments always have capacity 1. */
  capacity: wholeNumber('capacity', 0, CAPACITY_MAX).optional(),
  /** Classes only: how many may wait for a place in a full occurrence; 0 = no waitlist (docs/product-rules.md#waitlist). */
  waitlist_size: wholeNumber('waitlist size', WAITLIST_SIZE_MIN, WAITLIST_SIZE_MAX).optional(),
});
export type ServiceInput = z.input<typeof serviceInput>;

export const serviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(SERVICE_TYPES),
  description: z.string(),
  price: z.number(),
  duration: z.number(),
  location: z.string(),
  capacity: z.number(),
  /** 0 for appointments and classes without a waitlist. */
  waitlist_size: z.number(),
  cover: z.string().nullable(),
  /** `timezone`: the provider's zone, for the studio's local time beside the visitor's (decision 0004). */
  provider: z.object({ name: z.string(), username: z.string().nullable(), avatar: z.string().nullable(), timezone: z.string() }),
  is_mine: z.boolean(),
  paid_appointments: z.number(),
  cancelled_appointments: z.number(),
});
export type Service = z.infer<typeof serviceSchema>;

/** GET /api/services?type=appointment|class */
export const listServicesQuery = z.object({ type: z.enum(SERVICE_TYPES).optional() });

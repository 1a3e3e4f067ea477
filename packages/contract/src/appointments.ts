import { z } from 'zod';
import { recordId } from './ids.ts';
import { appointmentMembershipSchema, membershipOptionSchema } from './memberships.ts';
import { calendarDate, instant, timeOfDay } from './wall-clock.ts';

/** POST /api/appointments: a class occurrence (slot_id) or an appointment start (starts_at, UTC). */
export const createAppointmentInput = z
  .object({
    service_id: recordId('Choose a service.'),
    slot_id: recordId('Choose a time.').optional(),
    starts_at: instant('Choose a time.').optional(),
    /** Viewer-local date and time of the choice, kept for the redirect after sign-in; not used to book. */
    date: calendarDate.optional(),
    time: timeOfDay.optional(),
  })
  .refine((b) => b.slot_id !== undefined || b.starts_at !== undefined, { path: ['starts_at'], message: 'Choose a time.' });
export type CreateAppointmentInput = z.input<typeof createAppointmentInput>;

export const PAYMENT_OPTIONS = ['rebook', 'pay_now', 'in_person', 'membership'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

export const APPOINTMENT_STATUSES = ['held', 'confirmed', 'cancelled', 'expired'] as const;

/**
 * POST /api/appointments/{id}/reschedule: another occurrence of the same class (`slot_id`) or
 * another start of the same 1:1 service (`starts_at`, UTC).
 */
export const rescheduleInput = z
  .object({
    slot_id: recordId('Choose a time.').optional(),
    starts_at: instant('Choose a time.').optional(),
  })
  .refine((b) => b.slot_id !== undefined || b.starts_at !== undefined, { path: ['starts_at'], message: 'Choose a time.' });
export type RescheduleInput = z.output<typeof rescheduleInput>;

/** A provider's check-in of a booking (docs/product-rules.md#roster-and-check-in). */
export const ATTENDANCE_STATES = ['attended', 'no_show'] as const;
export type Attendance = (typeof ATTENDANCE_STATES)[number];
export const attendanceSchema = z.enum(ATTENDANCE_STATES).nullable();

/** POST /api/appointments/{id}/attendance: `null` takes a check-in back. */
export const attendanceInput = z.object({
  status: z.enum(ATTENDANCE_STATES, { error: 'Choose attended, no-show or not marked.' }).nullable(),
});

/**
 * An appointment, as GET /api/appointments/{id} answers it. Wall-clock fields are in
 * `timezone` (the viewer's zone); `starts_at`/`ends_at` are UTC.
 */
export const appointmentSchema = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  slot: z.number().nullable(),
  date: z.string(),
  time: z.string(),
  until: z.string(),
  pretty_date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  in_the_past: z.boolean(),
  name: z.string(),
  location: z.string(),
  duration: z.number(),
  price: z.number(),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  payment_method: z.enum(['in_person', 'card', 'membership']).nullable(),
  missing_payment: z.boolean(),
  /** Seconds left on an unconfirmed hold; 0 once it has expired; null when not a hold. */
  expires_in_seconds: z.number().nullable(),
  can_be_cancelled: z.boolean(),
  /**
   * The viewer may move the booking to another time now (docs/product-rules.md#moving-a-booking):
   * the client while a cancellation would be refundable, the provider while it is confirmed.
   */
  can_be_moved: z.boolean(),
  /** Why the client may not move it (the page says it), or null. */
  move_refusal: z.string().nullable(),
  /**
   * Cancelling now would refund (card payment or membership credit), per the provider's policy
   * (docs/product-rules.md#cancellation-and-refunds).
   */
  cancellation_refundable: z.boolean(),
  /** Euros the cancellation gives back on the card payment (by card, or by hand when that is impossible). */
  refund_due: z.number(),
  /** Euros given back on the card payment so far (a refund is due until it equals `refund_due`), by card or by hand. */
  refunded: z.number(),
  /**
   * Euros of `refund_due` the provider owes by hand: no card refund was possible (no Stripe keys,
   * or Stripe's refund failed). The provider gives it back, then POST …/mark-refunded settles it
   * (docs/product-rules.md#cancellation-and-refunds).
   */
  refund_due_by_hand: z.number(),
  /** Euros of `refunded` the provider gave back by hand (marked refunded). */
  refunded_by_hand: z.number(),
  payment_options: z.array(z.enum(PAYMENT_OPTIONS)),
  is_mine: z.boolean(),
  client: z.object({ id: z.string(), name: z.string(), email: z.string(), avatar: z.string().nullable(), phone: z.string().nullable() }),
  provider: z.object({
    name: z.string(),
    username: z.string().nullable(),
    avatar: z.string().nullable(),
    bio: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string(),
    stripe_connected: z.boolean(),
    require_payment: z.boolean(),
    /** The provider's zone: the page adds the studio's local time when it differs (decision 0004). */
    timezone: z.string(),
    policy: z.object({ min_hours_before_cancellation: z.number(), terms_of_service: z.string() }),
  }),
  /**
   * Viewer-local calendar days until the session (0 on its day); null once it has taken place.
   * My passes counts a booking's days the same way as its credits' (docs/product-rules.md#memberships-and-credits).
   */
  expires_in_days: z.number().nullable(),
  /** `memberships`: the client's memberships that can pay for this session, only with include=memberships. */
  service: z.object({ id: z.number(), type: z.enum(['appointment', 'class']), memberships: z.array(membershipOptionSchema) }),
  /** The membership whose credit pays for this booking. */
  membership: appointmentMembershipSchema.nullable(),
  /** The provider's check-in: attended, no-show, or null while not marked. */
  attendance: attendanceSchema,
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const listAppointmentsQuery = z.object({
  client_id: z.uuid().optional(),
  subset: z.enum(['future', 'past', 'cancelled']).optional(),
  service_id: recordId('Choose a service.').optional(),
  paid_only: z.enum(['true', 'false']).optional(),
});

/** GET /api/appointments/{id}: `include=memberships` lists the memberships that can pay; `session_id` returns from a card payment. */
export const appointmentQuery = z.object({
  include: z.enum(['memberships']).optional(),
  session_id: z.string().max(255).optional(),
});

/**
 * POST /api/appointments/{id}/checkout and /api/memberships/{id}/checkout: the secret Stripe.js
 * confirms the card payment with (a PaymentIntent's, or a subscription's first invoice's).
 */
export const checkoutSchema = z.object({ client_secret: z.string() });
export type Checkout = z.infer<typeof checkoutSchema>;

/** A client, as their provider sees them. */
export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  is_me: z.boolean(),
  /** Sessions the provider checked the client in to, and marked as no-shows. */
  attended: z.number(),
  no_shows: z.number(),
});
export type Client = z.infer<typeof clientSchema>;

/** `/api/appointments/{id}`: appointment ids are UUIDs. */
export const appointmentIdParams = z.object({ id: z.uuid({ error: 'Appointment not found.' }) });

/** POST /api/appointments answer: the booking held (201) or the live hold already made (200). */
export const createdAppointmentSchema = z.object({ id: z.string() });

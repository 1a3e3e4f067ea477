import { z } from 'zod';
import { recordId } from './ids.ts';
import { PLAN_INTERVALS } from './plans.ts';

/**
 * Memberships and passes (docs/product-rules.md#memberships-and-credits): what a client bought
 * from a plan, its credits in the current period, and what the client can book with it.
 * Counts, renewal and expiration days are derived on the server at the moment asked; days are
 * provider-local 'YYYY-MM-DD'.
 */

export const MEMBERSHIP_STATUSES = ['held', 'active', 'cancelled', 'expired'] as const;
/** How a purchase can be paid on /memberships/{id}: card arrives with Stripe Connect. */
export const MEMBERSHIP_PAYMENT_OPTIONS = ['pay_now', 'in_person'] as const;
export type MembershipPaymentOption = (typeof MEMBERSHIP_PAYMENT_OPTIONS)[number];

/** A service a group covers, as much as a card or a panel shows of it. */
export const coveredServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['appointment', 'class']),
  duration: z.number(),
  price: z.number(),
  cover: z.string().nullable(),
});
export type CoveredService = z.infer<typeof coveredServiceSchema>;

/** One group of the membership: `quantity` bookings of any of its services per period. */
export const membershipGroupSchema = z.object({
  id: z.number(),
  quantity: z.number(),
  used: z.number(),
  available: z.number(),
  services: z.array(coveredServiceSchema),
});
export type MembershipGroup = z.infer<typeof membershipGroupSchema>;

/** A payment recorded for a membership or a booking (in person now, card with Stripe Connect). */
export const paymentRecordSchema = z.object({
  id: z.string(),
  /** When the money was received (UTC). */
  datetime: z.string(),
  amount: z.number(),
  method: z.enum(['card', 'in_person']),
  /** Euros given back (card refunds). */
  refunded: z.number(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

const providerSummary = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
});

/** GET /api/memberships/{id}, and each entry of GET /api/memberships (spec §3 Membership). */
export const membershipSchema = z.object({
  id: z.string(),
  plan_id: z.number(),
  status: z.enum(MEMBERSHIP_STATUSES),
  name: z.string(),
  description: z.string(),
  benefits: z.array(z.string()),
  price: z.number(),
  /** 'month' for a membership that renews, '' for a single payment. */
  interval: z.enum(PLAN_INTERVALS),
  /** Months a single payment is valid for; null for a membership. */
  expires_in: z.number().nullable(),
  cover: z.string().nullable(),
  provider: providerSummary.extend({
    stripe_connected: z.boolean(),
    require_payment: z.boolean(),
    policy: z.object({ terms_of_service: z.string() }),
  }),
  client: z.object({ id: z.string(), name: z.string(), email: z.string(), avatar: z.string().nullable() }),
  /** Totals of the current period (or of the last one once it has ended). */
  quantity_count: z.number(),
  used_count: z.number(),
  available_count: z.number(),
  /** The next period's first day, while active and renewing. */
  renewal_day: z.string().nullable(),
  /** The first day without access: single payments, and monthly memberships once cancelled. */
  expiration_day: z.string().nullable(),
  /** Seconds left on an unconfirmed purchase; 0 once expired; null when not a hold. */
  expires_in_seconds: z.number().nullable(),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  payment_method: z.enum(['card', 'in_person']).nullable(),
  /** The current period is not paid yet (pay in person, or a card payment still to come). */
  missing_payment: z.boolean(),
  payment_options: z.array(z.enum(MEMBERSHIP_PAYMENT_OPTIONS)),
  /** Active and renewing: 'Cancel membership' is offered. */
  can_be_cancelled: z.boolean(),
  is_mine: z.boolean(),
  /** The groups with their services and credits; on a list only with include=services. */
  services: z.array(membershipGroupSchema),
  /** The card paid with (Stripe Connect); null otherwise. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  payments: z.array(paymentRecordSchema),
});
export type Membership = z.infer<typeof membershipSchema>;

/** `/api/memberships/{id}`: membership ids are UUIDs. */
export const membershipIdParams = z.object({ id: z.uuid({ error: 'Membership not found.' }) });

/** POST /api/memberships: buy a plan (an unconfirmed purchase held for HOLD_TTL_MINUTES, like a booking). */
export const createMembershipInput = z.object({ plan_id: recordId('Choose a plan.') });
export const createdMembershipSchema = z.object({ id: z.string() });

/** GET /api/memberships: the client's own; a provider passes `client_id` to see one of their clients'. */
export const listMembershipsQuery = z.object({
  client_id: z.uuid().optional(),
  include: z.enum(['services']).optional(),
});

/** GET /api/memberships/{id}: `session_id` comes back from a redirect-based card payment. */
export const membershipQuery = z.object({ session_id: z.string().max(255).optional() });

/**
 * A membership that can pay for a booking (GET /api/appointments/{id}?include=memberships fills
 * `service.memberships` with these): the counts are those of the period of the session's start.
 */
export const membershipOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  cover: z.string().nullable(),
  interval: z.enum(PLAN_INTERVALS),
  quantity_count: z.number(),
  used_count: z.number(),
  available_count: z.number(),
  renewal_day: z.string().nullable(),
  expiration_day: z.string().nullable(),
});
export type MembershipOption = z.infer<typeof membershipOptionSchema>;

/** The membership a booking used (Appointment.membership). */
export const appointmentMembershipSchema = z.object({ id: z.string(), name: z.string() });

/** POST /api/appointments/{id}/deduct-membership */
export const deductMembershipInput = z.object({ membership_id: z.uuid({ error: 'Choose a membership.' }) });

/** GET /api/purchases/services (D8): one entry per service bought or bookable with a membership. */
export const purchasedServiceSchema = z.object({
  service: coveredServiceSchema.extend({ location: z.string() }),
  provider: providerSummary,
  /** Sessions bookable without paying now, in total and by days until those credits lapse. */
  available_count: z.number(),
  availability: z.array(z.object({ expires_in_days: z.number(), count: z.number() })),
  /** Memberships that cover the service (name and id), for the panel's links. */
  memberships: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Its credits are shared with other services (a group covers several): booking any of them uses the same credits. */
  shares_credits: z.boolean(),
  /** Payments for bookings of this service (not membership payments). */
  payments: z.array(paymentRecordSchema),
});
export type PurchasedService = z.infer<typeof purchasedServiceSchema>;

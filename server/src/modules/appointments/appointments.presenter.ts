/**
 * The appointment answer (docs/product-rules.md#confirmation-and-payment-options), for one viewer.
 */
import {
  fromCents,
  MIN_CARD_CHARGE_CENTS,
  type Appointment,
  type MembershipOption,
  type PaymentOption,
  type Policies,
} from '@slotted/contract';
import { bookingWindow } from '../../domain/scheduling/index.ts';
import { localReading } from '../../domain/scheduling/local-reading.ts';
import { imageUrl } from '../images/index.ts';
import { enginePolicy } from '../slots/index.ts';
import type { AppointmentDetails, AppointmentRow } from './appointments.queries.ts';

function iso(d: Date): string;
function iso(d: Date | null): string | null;
function iso(d: Date | null): string | null {
  return d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
}

/** 'Tuesday, 24 November 2026' in the given zone. */
export function prettyDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(at);
}

/**
 * Whether a cancellation by the client now would refund
 * (docs/product-rules.md#cancellation-and-refunds): never with 'Never' (0), else only early enough.
 */
export function clientRefundable(startsAt: Date, now: Date, minHoursBeforeCancellation: number): boolean {
  return minHoursBeforeCancellation > 0 && startsAt.getTime() - now.getTime() >= minHoursBeforeCancellation * 3_600_000;
}

/**
 * Why the client may not move their booking now, or null when they may: moving is allowed while
 * a cancellation would still be refundable (docs/product-rules.md#moving-a-booking).
 */
export function clientMoveRefusal(startsAt: Date, now: Date, minHoursBeforeCancellation: number): string | null {
  if (clientRefundable(startsAt, now, minHoursBeforeCancellation)) return null;
  return minHoursBeforeCancellation > 0
    ? `The time can be changed up to ${minHoursBeforeCancellation} ${minHoursBeforeCancellation === 1 ? 'hour' : 'hours'} before the start. Please contact the provider.`
    : 'This provider does not let bookings be moved online. Please contact them.';
}

/**
 * Whether the booking still has to be paid: neither paid nor holding a membership credit, which
 * pays for it without a payment (docs/product-rules.md#memberships-and-credits).
 */
export function missingPayment(a: Pick<AppointmentRow, 'paidAt' | 'membershipId'>): boolean {
  return a.paidAt === null && a.membershipId === null;
}

/**
 * How an unpaid booking with this provider can be paid
 * (docs/product-rules.md#confirmation-and-payment-options): by card when the installation takes
 * card payments and the provider is connected; in person unless the provider requires payment and
 * can actually take it by card — a provider whose Stripe account went away, or an installation
 * without keys, still lets clients pay in person rather than not at all.
 */
export function paymentOptions(
  provider: { stripeConnected: boolean; requirePayment: boolean },
  missingPayment: boolean,
  cardPayments: boolean,
  priceCents: number,
): PaymentOption[] {
  if (!missingPayment) return [];
  // Below Stripe's smallest charge a price can only be paid in person, whatever the provider requires.
  const byCard = cardPayments && provider.stripeConnected && priceCents >= MIN_CARD_CHARGE_CENTS;
  const options: PaymentOption[] = [];
  if (byCard) options.push('pay_now');
  if (!(byCard && provider.requirePayment)) options.push('in_person');
  return options;
}

/**
 * Whether re-booking a cancelled booking may be offered
 * (docs/product-rules.md#confirmation-and-payment-options): only the client's own cancellation, and
 * only while its start is inside the booking window. The server still checks the time itself.
 */
export function rebookable(
  a: Pick<AppointmentRow, 'status' | 'cancelledBy' | 'clientId' | 'startsAt'>,
  now: Date,
  policy: Policies,
): boolean {
  if (a.status !== 'cancelled' || a.cancelledBy !== a.clientId) return false;
  const { fromMs, toMs } = bookingWindow({ now: now.getTime(), policy: enginePolicy(policy) });
  return a.startsAt.getTime() >= fromMs && a.startsAt.getTime() < toMs;
}

/** Calendar days in `timeZone` from `now`'s date to `at`'s date (0 on the same day, never below 0). */
export function daysUntil(at: Date, now: Date, timeZone: string): number {
  const day = (d: Date) => Date.parse(`${localReading(d.getTime(), timeZone).date}T00:00:00Z`) / 86_400_000;
  return Math.max(0, Math.round(day(at) - day(now)));
}

export interface PresentContext {
  viewerId: string;
  viewerTimeZone: string;
  now: Date;
  policy: Policies;
  /** Card payments are set up on this installation (docs/product-rules.md#payments). */
  cardPayments: boolean;
  /** The client's memberships that can pay for this booking (GET …?include=memberships). */
  memberships?: MembershipOption[];
  /** For a cancelled booking: whether its time could be booked again now (takeTime's check); re-booking is offered only then. */
  timeStillOffered?: boolean;
}

export function presentAppointment(d: AppointmentDetails, ctx: PresentContext): Appointment {
  const a = d.appointment;
  const now = ctx.now.getTime();
  const heldAlive = a.status === 'held' && !!a.holdExpiresAt && a.holdExpiresAt.getTime() > now;
  const status = a.status === 'held' && !heldAlive ? 'expired' : a.status;
  const start = localReading(a.startsAt.getTime(), ctx.viewerTimeZone);
  const byProvider = ctx.viewerId === a.providerId;
  const unpaid = missingPayment(a);

  const startsInFuture = a.startsAt.getTime() > now;
  const moveRefusal = clientMoveRefusal(a.startsAt, ctx.now, ctx.policy.min_hours_before_cancellation);
  // The payment options (docs/product-rules.md#confirmation-and-payment-options): for the client,
  // and only while the time is ahead; a membership only when one can pay for this session.
  const confirmable =
    ctx.viewerId === a.clientId &&
    startsInFuture &&
    (status === 'held' || (rebookable(a, ctx.now, ctx.policy) && ctx.timeStillOffered !== false));
  const usable = (confirmable || (status === 'confirmed' && a.paymentMethod === null)) && unpaid ? (ctx.memberships ?? []) : [];
  const options: PaymentOption[] = [];
  // A confirmed booking left unpaid (its membership no longer covers it) can be paid by card or
  // with another membership's credit; in person, the provider marks it paid
  // (docs/product-rules.md#memberships-and-credits).
  const unpaidConfirmed = ctx.viewerId === a.clientId && startsInFuture && status === 'confirmed' && unpaid && a.paymentMethod === null;
  if (unpaidConfirmed) {
    options.push(...paymentOptions(d.provider, true, ctx.cardPayments, a.priceCents).filter((o) => o === 'pay_now'));
    if (usable.length > 0) options.push('membership');
  } else if (confirmable && !unpaid && status !== 'held') options.push('rebook');
  else if (confirmable && unpaid)
    options.push(
      ...paymentOptions(d.provider, unpaid, ctx.cardPayments, a.priceCents),
      ...(usable.length > 0 ? ['membership' as const] : []),
    );

  return {
    id: a.id,
    status,
    slot: a.slotId,
    date: start.date,
    time: start.time,
    until: localReading(a.endsAt.getTime(), ctx.viewerTimeZone).time,
    pretty_date: prettyDate(a.startsAt, ctx.viewerTimeZone),
    starts_at: iso(a.startsAt),
    ends_at: iso(a.endsAt),
    timezone: ctx.viewerTimeZone,
    in_the_past: a.endsAt.getTime() <= now,
    name: d.service.name,
    location: d.service.location,
    duration: Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000),
    price: fromCents(a.priceCents),
    confirmed_at: iso(a.confirmedAt),
    cancelled_at: iso(a.cancelledAt),
    paid_at: iso(a.paidAt),
    payment_method: a.paymentMethod,
    missing_payment: unpaid,
    expires_in_days: a.endsAt.getTime() <= now ? null : daysUntil(a.startsAt, ctx.now, ctx.viewerTimeZone),
    expires_in_seconds: a.status === 'held' ? Math.max(0, Math.ceil(((a.holdExpiresAt?.getTime() ?? now) - now) / 1000)) : null,
    can_be_cancelled: status === 'confirmed' && startsInFuture,
    can_be_moved: status === 'confirmed' && (byProvider || (startsInFuture && moveRefusal === null)),
    move_refusal: byProvider || status !== 'confirmed' || !startsInFuture ? null : moveRefusal,
    cancellation_refundable: byProvider || clientRefundable(a.startsAt, ctx.now, ctx.policy.min_hours_before_cancellation),
    refund_due: fromCents(a.refundDueCents),
    refunded: fromCents(d.refundedCents),
    refund_due_by_hand: fromCents(d.refundOwedByHandCents),
    refunded_by_hand: fromCents(d.refundedByHandCents),
    payment_options: options,
    is_mine: a.clientId === ctx.viewerId,
    client: {
      id: d.client.id,
      name: d.client.name,
      email: d.client.email,
      avatar: imageUrl(d.client.avatarImageId),
      phone: d.client.phone,
    },
    provider: {
      name: d.provider.name,
      username: d.provider.username,
      avatar: imageUrl(d.provider.avatarImageId),
      bio: d.provider.bio,
      phone: d.provider.phone,
      email: d.provider.email,
      stripe_connected: d.provider.stripeConnected,
      require_payment: d.provider.requirePayment,
      timezone: d.provider.timezone,
      policy: { min_hours_before_cancellation: ctx.policy.min_hours_before_cancellation, terms_of_service: ctx.policy.terms_of_service },
    },
    service: { id: d.service.id, type: d.service.type, memberships: usable },
    membership: d.membership,
    attendance: a.attendance,
  };
}

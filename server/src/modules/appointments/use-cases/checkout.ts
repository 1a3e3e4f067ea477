/**
 * POST /api/appointments/{id}/checkout: the client pays now by card
 * (docs/product-rules.md#confirmation-and-payment-options). Answers the secret of a PaymentIntent
 * Stripe.js confirms in the browser; the booking is confirmed only when Stripe says the money
 * moved (card-paid.ts), never on the browser's word.
 */
import { HOLD_TTL_MINUTES, type Checkout } from '@slotted/contract';
import type Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import { addMinutes } from '../../../lib/clock.ts';
import { insertPayment, pendingCardPayment, type CardPayments } from '../../payments/index.ts';
import type { UserRow } from '../../users/index.ts';
import {
  finishedCardPaymentCount,
  lockAppointment,
  updateAppointment,
  type AppointmentDetails,
  type AppointmentRow,
} from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { bookingChanged } from './confirm-booking.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';
import { takeBackTime } from './rebook.ts';

const holdExpired = () => new AppError('hold_expired', 'Your session timed out before we could confirm your booking.');

export async function checkout(deps: AppointmentsDeps, viewer: UserRow, id: string, ip: string): Promise<Checkout> {
  const { db, clock, payments } = deps;
  if (payments) await payments.limitCalls(viewer.id, ip);
  const current = await loadAppointment(db, id);
  const a = current.appointment;
  if (a.clientId !== viewer.id) throw appointmentNotFound();
  if (a.status === 'expired' || (a.status === 'held' && (a.holdExpiresAt?.getTime() ?? 0) <= clock.now().getTime())) throw holdExpired();
  // Offered exactly when the page offers it: the client's unpaid hold, their own cancelled booking
  // that can be re-booked, or their confirmed booking left unpaid (its membership stopped covering
  // it), with a provider who takes card payments.
  const { payment_options } = await presentTo(deps, current, viewer);
  if (!payments || !payment_options.includes('pay_now') || !current.provider.stripeAccountId) throw new AppError('payment_unavailable');

  // Re-booking by card holds the time again while the client pays, as a new booking would.
  if (a.status === 'cancelled') {
    await takeBackTime(
      deps,
      viewer,
      current,
      (row) => row.status === 'held',
      async (tx, row, now) => {
        await updateAppointment(tx, row.id, {
          status: 'held',
          holdExpiresAt: addMinutes(now, HOLD_TTL_MINUTES),
          cancelledAt: null,
          cancelledBy: null,
          updatedAt: now,
        });
      },
    );
  }

  // Every checkout of one hold answers the same PaymentIntent: the idempotency key names the hold,
  // so simultaneous calls get the same intent from Stripe, and a recorded one is answered again.
  const pending = await pendingCardPayment(db, { appointmentId: id });
  if (pending) return { client_secret: await clientSecret(payments, intentIdOf(pending)) };
  const payable = await payableState(deps, id);
  const intent = await createIntent(payments, current, `${payable}-${await finishedCardPaymentCount(db, id)}`);
  const recorded = await db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row || payableMarker(row) !== payable) throw bookingChanged();
    // A simultaneous request (a double click) recorded this intent first.
    const first = await pendingCardPayment(tx, { appointmentId: id });
    if (first) return intentIdOf(first);
    const now = clock.now();
    await insertPayment(tx, {
      payerId: row.clientId,
      providerId: row.providerId,
      appointmentId: row.id,
      amountCents: row.priceCents,
      method: 'card',
      status: 'pending',
      stripePaymentIntentId: intent.id,
      createdAt: now,
      updatedAt: now,
    });
    return intent.id;
  });
  return { client_secret: recorded === intent.id ? secretOf(intent) : await clientSecret(payments, recorded) };
}

/**
 * What the card pays for, named so that one attempt can be told from a later one: a hold by its
 * expiry (as re-booking may just have made it), a confirmed booking left unpaid by its
 * confirmation instant; null when the booking cannot be paid by card now.
 */
function payableMarker(a: AppointmentRow): string | null {
  if (a.status === 'held' && a.holdExpiresAt) return `hold-${a.holdExpiresAt.getTime()}`;
  if (a.status === 'confirmed' && a.paymentMethod === null && a.paidAt === null && a.confirmedAt)
    return `unpaid-${a.confirmedAt.getTime()}`;
  return null;
}

async function payableState(deps: AppointmentsDeps, id: string): Promise<string> {
  const marker = payableMarker((await loadAppointment(deps.db, id)).appointment);
  if (!marker) throw bookingChanged();
  return marker;
}

/**
 * A destination charge to the provider's account for the booking's own price. The idempotency
 * key names the booking and its `attempt` (the hold's expiry and the card attempts already over: a
 * re-booking after a refund pays again), so repeated or simultaneous requests for one hold never
 * create a second charge.
 */
function createIntent(payments: CardPayments, d: AppointmentDetails, attempt: string): Promise<Stripe.PaymentIntent> {
  const a = d.appointment;
  const account = d.provider.stripeAccountId;
  if (!account) throw new Error(`Provider ${d.provider.id} takes card payments, so has a Stripe account`);
  const fee = payments.applicationFee(a.priceCents);
  return payments.call('create payment intent', (stripe) =>
    stripe.paymentIntents.create(
      {
        amount: a.priceCents,
        currency: 'eur',
        description: d.service.name,
        automatic_payment_methods: { enabled: true },
        transfer_data: { destination: account },
        on_behalf_of: account,
        ...(fee > 0 ? { application_fee_amount: fee } : {}),
        metadata: { appointment_id: a.id },
      },
      { idempotencyKey: `checkout-appointment-${a.id}-${attempt}` },
    ),
  );
}

async function clientSecret(payments: CardPayments, intentId: string): Promise<string> {
  const intent = await payments.call('retrieve payment intent', (stripe) => stripe.paymentIntents.retrieve(intentId));
  return secretOf(intent);
}

/** A PaymentIntent read with our secret key carries its client secret. */
function secretOf(intent: Stripe.PaymentIntent): string {
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without its client secret`);
  return intent.client_secret;
}

/** A pending card payment is recorded with its PaymentIntent. */
function intentIdOf(payment: { id: string; stripePaymentIntentId: string | null }): string {
  if (!payment.stripePaymentIntentId) throw new Error(`Card payment ${payment.id} has no PaymentIntent`);
  return payment.stripePaymentIntentId;
}

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
import { finishedCardPaymentCount, lockAppointment, updateAppointment, type AppointmentDetails } from '../appointments.queries.ts';
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
  // Offered exactly when the page offers it: the client's unpaid hold, or their own cancelled
  // booking that can be re-booked, with a provider who takes card payments.
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
  if (pending) return { client_secret: await clientSecret(payments, pending.stripePaymentIntentId!) };
  const held = await currentHold(deps, id);
  const intent = await createIntent(payments, current, `${held.getTime()}-${await finishedCardPaymentCount(db, id)}`);
  const recorded = await db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row || row.status !== 'held' || row.holdExpiresAt?.getTime() !== held.getTime()) throw bookingChanged();
    // A simultaneous request (a double click) recorded this intent first.
    const first = await pendingCardPayment(tx, { appointmentId: id });
    if (first) return first.stripePaymentIntentId!;
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
  return { client_secret: recorded === intent.id ? intent.client_secret! : await clientSecret(payments, recorded) };
}

/** The hold the client pays for (as re-booking may just have made it): its expiry tells one hold of the booking from a later one. */
async function currentHold(deps: AppointmentsDeps, id: string): Promise<Date> {
  const { appointment } = await loadAppointment(deps.db, id);
  if (appointment.status !== 'held' || !appointment.holdExpiresAt) throw bookingChanged();
  return appointment.holdExpiresAt;
}

/**
 * A destination charge to the provider's account for the booking's own price. The idempotency
 * key names the booking and its `attempt` (the hold's expiry and the card attempts already over: a
 * re-booking after a refund pays again), so repeated or simultaneous requests for one hold never
 * create a second charge.
 */
function createIntent(payments: CardPayments, d: AppointmentDetails, attempt: string): Promise<Stripe.PaymentIntent> {
  const a = d.appointment;
  const account = d.provider.stripeAccountId!;
  const fee = payments.applicationFee(a.priceCents);
  return payments.call('create payment intent', () =>
    payments.stripe.paymentIntents.create(
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
  const intent = await payments.call('retrieve payment intent', () => payments.stripe.paymentIntents.retrieve(intentId));
  return intent.client_secret!;
}

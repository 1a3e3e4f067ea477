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
import { cardPaymentCount, lockAppointment, updateAppointment, type AppointmentDetails } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';
import { bookingChanged } from './confirm-booking.ts';
import { appointmentNotFound, loadAppointment, presentTo } from './load-appointment.ts';
import { takeBackTime } from './rebook.ts';

const holdExpired = () => new AppError('hold_expired', 'Your session timed out before we could confirm your booking.');

export async function checkout(deps: AppointmentsDeps, viewer: UserRow, id: string): Promise<Checkout> {
  const { db, clock, payments } = deps;
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

  const pending = await pendingCardPayment(db, { appointmentId: id });
  if (pending) return { client_secret: await clientSecret(payments, pending.stripePaymentIntentId!) };
  const intent = await createIntent(payments, current, await cardPaymentCount(db, id));
  await db.transaction(async (tx) => {
    const row = await lockAppointment(tx, id);
    if (!row || row.status !== 'held') throw bookingChanged();
    // A simultaneous request (a double click) got the same intent from Stripe and recorded it first.
    if (await pendingCardPayment(tx, { appointmentId: id })) return;
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
  });
  return { client_secret: intent.client_secret! };
}

/**
 * A destination charge to the provider's account for the booking's own price. The idempotency
 * key names the booking, its price and the attempt (`previous` card payments of it: a re-booking
 * after a refund pays again), so a repeated request never creates a second charge.
 */
function createIntent(payments: CardPayments, d: AppointmentDetails, previous: number): Promise<Stripe.PaymentIntent> {
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
      { idempotencyKey: `checkout-appointment-${a.id}-${a.priceCents}-${previous}` },
    ),
  );
}

async function clientSecret(payments: CardPayments, intentId: string): Promise<string> {
  const intent = await payments.call('retrieve payment intent', () => payments.stripe.paymentIntents.retrieve(intentId));
  return intent.client_secret!;
}

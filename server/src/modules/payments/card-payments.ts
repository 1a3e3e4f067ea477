/**
 * Card payments with Stripe Connect (D12, docs/architecture.md#card-payments): the SDK client,
 * the signed events Stripe sends, settling a payment exactly once whichever of the webhook and
 * the client's return reports it first, and refunds executed by a durable job.
 *
 * Bookings and memberships plug in: each registers how its own record is settled when its
 * payment succeeds (`settles`), and modules handle the events they own (`onEvent`).
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobLog, JobRunner } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  insertRefund,
  lockPayment,
  lockPaymentByIntent,
  lockRefund,
  paymentByIntent,
  recordEvent,
  refundedOrPending,
  refundWithPayment,
  updatePayment,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './payments.queries.ts';
import { createStripeClient } from './stripe-client.ts';

const REFUND_JOB = 'stripe-refund';

export type RefundReason = RefundRow['reason'];

/**
 * What a booking or a membership does once its card payment has succeeded, in the transaction
 * that records it: confirm what was held ('kept'), or say the money came too late ('refund': the
 * hold ran out and the time or purchase is gone), and it is given back in full.
 */
export type SettleTarget = (tx: Tx, payment: PaymentRow, now: Date) => Promise<'kept' | 'refund'>;

/** The effect of an event, applied in the transaction that records the event as processed. */
export type EventEffect = (tx: Tx) => Promise<void>;
/** Reads what it needs (from Stripe, outside any transaction), then says what the event changes. */
export type EventHandler = (event: Stripe.Event) => Promise<EventEffect | undefined>;

export interface CardPayments {
  stripe: Stripe;
  publishableKey: string;
  /** The platform's share of a charge in cents (STRIPE_PLATFORM_FEE_PERCENT, 0 by default). */
  applicationFee(amountCents: number): number;
  /** The platform's share in percent, for subscriptions. */
  feePercent: number;
  settles(target: 'appointment' | 'membership', settle: SettleTarget): void;
  onEvent(type: Stripe.Event.Type, handler: EventHandler): void;
  /** Verifies a webhook's signature: the event, or 400 bad_request. */
  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event;
  /** Applies a verified event exactly once. */
  handleEvent(event: Stripe.Event): Promise<void>;
  /**
   * Asks Stripe about a payment and settles it if it succeeded: a client coming back from a
   * redirect may arrive before the webhook. Unknown or foreign ids change nothing.
   */
  syncIntent(intentId: string, of?: PaymentOwner): Promise<void>;
  /** In `tx`: the payment's remaining amount (or `amountCents`) will be refunded once `tx` commits. */
  refund(tx: Tx, payment: PaymentRow, reason: RefundReason, amountCents?: number): Promise<number>;
  /** Runs queued refunds now rather than at the next poll: call after the transaction commits. */
  wake(): void;
  /** Runs a Stripe call, turning Stripe's failures into 502 payment_provider_error (card errors excepted by the caller). */
  call<T>(what: string, request: () => Promise<T>): Promise<T>;
}

/** Whose payment, and for what, a client coming back from a redirect may ask to be checked. */
export type PaymentOwner = { payerId: string } & ({ appointmentId: string } | { membershipId: string });

export interface CardPaymentsDeps {
  config: StripeConfig;
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  log: JobLog;
}

export function cardPayments(deps: CardPaymentsDeps): CardPayments {
  const { db, clock, jobs, config } = deps;
  const stripe = createStripeClient(config);
  const targets = new Map<string, SettleTarget>();
  const handlers = new Map<string, EventHandler>();

  async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      deps.log.error({ err, what }, 'stripe request failed');
      throw new AppError('payment_provider_error');
    }
  }

  /** Records a succeeded PaymentIntent on its payment row and settles what it pays for, once. */
  async function settle(tx: Tx, intent: Stripe.PaymentIntent): Promise<void> {
    if (intent.status !== 'succeeded') return;
    const payment = await lockPaymentByIntent(tx, intent.id);
    // Not ours (another platform's event on the same account), or already settled.
    if (!payment || (payment.status !== 'pending' && payment.status !== 'failed')) return;
    const now = clock.now();
    const card = typeof intent.latest_charge === 'object' ? intent.latest_charge?.payment_method_details?.card : undefined;
    await updatePayment(tx, payment.id, {
      status: 'succeeded',
      paidAt: now,
      amountCents: intent.amount_received || payment.amountCents,
      cardBrand: card?.brand ?? payment.cardBrand,
      cardLast4: card?.last4 ?? payment.cardLast4,
      updatedAt: now,
    });
    const settled = { ...payment, status: 'succeeded' as const, paidAt: now };
    const target = targets.get(payment.appointmentId ? 'appointment' : 'membership');
    const outcome = target ? await target(tx, settled, now) : 'kept';
    if (outcome === 'refund') await refund(tx, settled, 'late_payment');
  }

  /** The intent with its charge, whose card is what the membership panel shows. */
  const retrieveIntent = (id: string) =>
    call('retrieve payment intent', () => stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));

  async function refund(tx: Tx, payment: PaymentRow, reason: RefundReason, amountCents?: number): Promise<number> {
    const locked = (await lockPayment(tx, payment.id))!;
    const left = locked.amountCents - (await refundedOrPending(tx, locked.id));
    const amount = Math.min(amountCents ?? left, left);
    if (locked.method !== 'card' || !locked.stripePaymentIntentId || amount <= 0) return 0;
    const row = await insertRefund(tx, {
      paymentId: locked.id,
      amountCents: amount,
      reason,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    await jobs.enqueue(tx, REFUND_JOB, { id: row.id });
    return amount;
  }

  // A refund is asked of Stripe with its row's id as idempotency key: a retry after a crash or a
  // timeout returns the same refund instead of giving the money back twice.
  jobs.register<{ id: string }>(REFUND_JOB, async ({ id }) => {
    const found = await refundWithPayment(db, id);
    if (!found || found.refund.status !== 'pending') return;
    const { refund: r, payment } = found;
    const done = await stripe.refunds.create(
      {
        payment_intent: payment.stripePaymentIntentId!,
        amount: r.amountCents,
        reverse_transfer: true,
        ...(payment.stripeInvoiceId ? {} : { refund_application_fee: true }),
        metadata: { refund_id: r.id, reason: r.reason },
      },
      { idempotencyKey: `refund-${r.id}` },
    );
    await db.transaction(async (tx) => {
      const current = await lockRefund(tx, id);
      if (!current || current.status !== 'pending') return;
      const p = (await lockPayment(tx, payment.id))!;
      const refunded = Math.min(p.amountCents, p.refundedCents + r.amountCents);
      await updateRefund(tx, id, { status: 'succeeded', stripeRefundId: done.id, updatedAt: clock.now() });
      await updatePayment(tx, p.id, {
        refundedCents: refunded,
        status: refunded >= p.amountCents ? 'refunded' : 'partially_refunded',
        updatedAt: clock.now(),
      });
    });
  });

  // Built in: payments succeeding, and refunds Stripe reports (also those made in its dashboard).
  handlers.set('payment_intent.succeeded', async (event) => {
    const intent = await retrieveIntent((event.data.object as Stripe.PaymentIntent).id);
    return (tx) => settle(tx, intent);
  });
  handlers.set('charge.refunded', async (event) => {
    const charge = event.data.object as Stripe.Charge;
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intentId) return undefined;
    return async (tx) => {
      const payment = await lockPaymentByIntent(tx, intentId);
      // Our own refunds are recorded by their job; this keeps the row true to Stripe whatever the order.
      if (!payment || charge.amount_refunded <= payment.refundedCents) return;
      await updatePayment(tx, payment.id, {
        refundedCents: Math.min(payment.amountCents, charge.amount_refunded),
        status: charge.amount_refunded >= payment.amountCents ? 'refunded' : 'partially_refunded',
        updatedAt: clock.now(),
      });
    };
  });

  return {
    stripe,
    publishableKey: config.publishableKey,
    feePercent: config.feePercent,
    applicationFee: (amountCents) => Math.round((amountCents * config.feePercent) / 100),
    settles(target, fn) {
      targets.set(target, fn);
    },
    onEvent(type, handler) {
      if (handlers.has(type)) throw new Error(`a handler for ${type} is already registered`);
      handlers.set(type, handler);
    },
    verify(rawBody, signature) {
      try {
        return stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch {
        throw new AppError('bad_request', 'The webhook signature could not be verified.');
      }
    },
    async handleEvent(event) {
      const handler = handlers.get(event.type);
      const effect = handler ? await handler(event) : undefined;
      await db.transaction(async (tx) => {
        if (!(await recordEvent(tx, event.id, event.type))) return;
        await effect?.(tx);
      });
      jobs.wake();
    },
    async syncIntent(intentId, of) {
      if (!/^pi_[A-Za-z0-9_]+$/.test(intentId)) return;
      if (of) {
        // A client back from a redirect names the payment: only their own, of the record they look at.
        const payment = await paymentByIntent(db, intentId);
        const target = 'appointmentId' in of ? payment?.appointmentId === of.appointmentId : payment?.membershipId === of.membershipId;
        if (!payment || !target || payment.payerId !== of.payerId) return;
      }
      const intent = await retrieveIntent(intentId).catch(() => null);
      if (!intent || intent.status !== 'succeeded') return;
      await db.transaction((tx) => settle(tx, intent));
      jobs.wake();
    },
    refund,
    wake: () => jobs.wake(),
    call,
  };
}

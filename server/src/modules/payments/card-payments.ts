/**
 * Card payments with Stripe Connect (D12, docs/architecture.md#card-payments): the SDK client,
 * the signed events Stripe sends, settling a payment exactly once whichever of the webhook and
 * the client's return reports it first, and refunds executed by a durable job.
 *
 * Bookings and memberships plug in: each registers how its own record is settled when its
 * payment succeeds (`settles`), and modules handle the events they own (`onEvent`).
 */
import type Stripe from 'stripe';
import { z } from 'zod';
import type { StripeConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobLog, JobRunner } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { consumeRateLimit, minutesText } from '../../plugins/rate-limit.ts';
import {
  insertPayment,
  insertRefund,
  lockExistingPayment,
  lockPayment,
  lockPaymentByIntent,
  lockRefund,
  paymentById,
  paymentByIntent,
  pendingCardPayments,
  recordableTarget,
  staleCardPayments,
  recordEvent,
  refundedOrPending,
  refundGaveUp,
  refundWithPayment,
  updatePayment,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './payments.queries.ts';
import { createStripeClient } from './stripe-client.ts';

const REFUND_JOB = 'stripe-refund';
/** Cancels the PaymentIntent of a card attempt nobody will finish (docs/product-rules.md#payments). */
const ABANDON_JOB = 'stripe-abandon-payment';
const ABANDON_SWEEP_JOB = 'stripe-abandon-sweep';
const ABANDON_SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The shape every handler relies on. A signed body that is not an event (an array, no type, no
 * object) is malformed: 400, so Stripe does not retry it for days as it would a 5xx.
 */
const eventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.looseObject({ id: z.string().optional() }) }),
});

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
  /** The Stripe client, its SDK loaded on first use (a server that takes no card payment never loads it). */
  stripe(): Promise<Stripe>;
  publishableKey: string;
  /** The platform's share of a charge in cents (STRIPE_PLATFORM_FEE_PERCENT, 0 by default). */
  applicationFee(amountCents: number): number;
  /** The platform's share in percent, for subscriptions. */
  feePercent: number;
  settles(target: 'appointment' | 'membership', settle: SettleTarget): void;
  onEvent(type: Stripe.Event.Type, handler: EventHandler): void;
  /** Verifies a webhook's signature and shape: the event, or 400 bad_request. */
  verify(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event>;
  /** Applies a verified event exactly once. */
  handleEvent(event: Stripe.Event): Promise<void>;
  /**
   * Asks Stripe about a payment and settles it if it succeeded: a client coming back from a
   * redirect may arrive before the webhook. Only a payment still waiting is asked about; unknown
   * or foreign ids, and a client over the Stripe-call limit, change nothing.
   */
  syncIntent(intentId: string, of?: PaymentOwner & { ip: string }): Promise<void>;
  /**
   * Counts a request that makes Stripe calls against the person's and the address's limits
   * (STRIPE_LIMIT_PER_USER / _PER_IP): 429 rate_limited when over, so one account cannot use up
   * the platform's Stripe rate limit for every provider.
   */
  limitCalls(userId: string, ip: string): Promise<void>;
  /** In `tx`: the payment's remaining amount (or `amountCents`) will be refunded once `tx` commits. */
  refund(tx: Tx, payment: PaymentRow, reason: RefundReason, amountCents?: number): Promise<number>;
  /**
   * In `tx`: the card attempts still waiting for the booking or purchase will not be finished (its
   * hold ended, or another way of paying was chosen). Once `tx` commits a job cancels each
   * PaymentIntent with Stripe and marks its row `failed`; one that succeeded meanwhile is settled
   * instead, and so kept or refunded by its target.
   */
  abandon(tx: Tx, target: { appointmentId: string } | { membershipId: string }): Promise<void>;
  /** Runs queued refunds now rather than at the next poll: call after the transaction commits. */
  wake(): void;
  /** Runs a Stripe call, turning Stripe's failures into 502 payment_provider_error (card errors excepted by the caller). */
  call<T>(what: string, request: (stripe: Stripe) => Promise<T>): Promise<T>;
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

/** Stripe answered that the object does not exist (an event about something not of this platform's). */
function isMissing(err: unknown): boolean {
  const e = err as { statusCode?: number; code?: string; raw?: { code?: string } } | null;
  return e?.statusCode === 404 || e?.code === 'resource_missing' || e?.raw?.code === 'resource_missing';
}

export function cardPayments(deps: CardPaymentsDeps): CardPayments {
  const { db, clock, jobs, config } = deps;
  let client: Promise<Stripe> | undefined;
  const stripe = () => (client ??= createStripeClient(config));
  const targets = new Map<string, SettleTarget>();
  const handlers = new Map<string, EventHandler>();

  async function call<T>(what: string, request: (stripe: Stripe) => Promise<T>): Promise<T> {
    try {
      return await request(await stripe());
    } catch (err) {
      deps.log.error({ err, what }, 'stripe request failed');
      throw new AppError('payment_provider_error');
    }
  }

  /** A Stripe object, or null when Stripe does not know it (other failures are 502, so Stripe retries the event). */
  async function retrieveOrNull<T>(what: string, request: (stripe: Stripe) => Promise<T>): Promise<T | null> {
    try {
      return await request(await stripe());
    } catch (err) {
      if (isMissing(err)) return null;
      return call(what, () => Promise.reject(err));
    }
  }

  /** The intent with its charge: the card the membership panel shows, and what was refunded. */
  const retrieveIntent = (id: string) =>
    retrieveOrNull('retrieve payment intent', (stripe) => stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));

  /**
   * The payment row of a succeeded intent. An intent this platform created for one of its bookings
   * or purchases (its metadata names it) but never recorded — a checkout that failed between
   * asking Stripe and writing the row — is recorded now, so money taken is always settled or
   * refunded, never neither.
   */
  async function paymentOf(tx: Tx, intent: Stripe.PaymentIntent): Promise<PaymentRow | undefined> {
    const known = await lockPaymentByIntent(tx, intent.id);
    if (known) return known;
    const target = await recordableTarget(tx, intent.metadata ?? {});
    if (!target) return undefined;
    const now = clock.now();
    await insertPayment(tx, {
      ...target,
      amountCents: intent.amount,
      method: 'card',
      status: 'pending',
      stripePaymentIntentId: intent.id,
      createdAt: now,
      updatedAt: now,
    });
    return lockPaymentByIntent(tx, intent.id);
  }

  /**
   * Records a succeeded PaymentIntent on its payment row and settles what it pays for, once.
   * Stripe's word settles a payment whatever was recorded before it (pending, abandoned); what
   * Stripe says was refunded of it is recorded with it.
   */
  async function settle(tx: Tx, intent: Stripe.PaymentIntent): Promise<void> {
    if (intent.status !== 'succeeded') return;
    const payment = await paymentOf(tx, intent);
    // Not ours (another platform's event on the same account), or already settled.
    if (!payment || payment.method !== 'card' || payment.paidAt !== null) return;
    const now = clock.now();
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    const amountCents = intent.amount_received || payment.amountCents;
    const refundedCents = Math.min(amountCents, Math.max(payment.refundedCents, charge?.amount_refunded ?? 0));
    const status: PaymentRow['status'] =
      refundedCents === 0 ? 'succeeded' : refundedCents >= amountCents ? 'refunded' : 'partially_refunded';
    await updatePayment(tx, payment.id, {
      status,
      paidAt: now,
      amountCents,
      refundedCents,
      cardBrand: card?.brand ?? payment.cardBrand,
      cardLast4: card?.last4 ?? payment.cardLast4,
      updatedAt: now,
    });
    const settled = { ...payment, status, amountCents, refundedCents, paidAt: now };
    const target = targets.get(payment.appointmentId ? 'appointment' : 'membership');
    const outcome = target ? await target(tx, settled, now) : 'kept';
    if (outcome === 'refund') await refund(tx, settled, 'late_payment');
  }

  async function refund(tx: Tx, payment: PaymentRow, reason: RefundReason, amountCents?: number): Promise<number> {
    const locked = await lockExistingPayment(tx, payment.id);
    // Refunds made outside the app (Stripe's dashboard) are known only as refunded cents.
    const left = locked.amountCents - Math.max(locked.refundedCents, await refundedOrPending(tx, locked.id));
    const amount = Math.min(amountCents ?? left, left);
    if (locked.method !== 'card' || !locked.stripePaymentIntentId || locked.paidAt === null || amount <= 0) return 0;
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
  // timeout returns the same refund instead of giving the money back twice. The platform's fee
  // goes back with the money (in proportion), subscription payments included.
  jobs.register<{ id: string }>(
    REFUND_JOB,
    async ({ id }) => {
      const found = await refundWithPayment(db, id);
      if (!found || found.refund.status !== 'pending') return;
      const { refund: r, payment } = found;
      if (!payment.stripePaymentIntentId) throw new Error(`Refund ${r.id} is of a card payment, which has a PaymentIntent`);
      const paymentIntent = payment.stripePaymentIntentId;
      const done = await (
        await stripe()
      ).refunds.create(
        {
          payment_intent: paymentIntent,
          amount: r.amountCents,
          reverse_transfer: true,
          refund_application_fee: true,
          metadata: { refund_id: r.id, reason: r.reason },
        },
        { idempotencyKey: `refund-${r.id}` },
      );
      await db.transaction(async (tx) => {
        const current = await lockRefund(tx, id);
        if (!current || current.status !== 'pending') return;
        const p = await lockExistingPayment(tx, payment.id);
        const refunded = Math.min(p.amountCents, p.refundedCents + r.amountCents);
        await updateRefund(tx, id, { status: 'succeeded', stripeRefundId: done.id, updatedAt: clock.now() });
        await updatePayment(tx, p.id, {
          refundedCents: refunded,
          status: refunded >= p.amountCents ? 'refunded' : 'partially_refunded',
          updatedAt: clock.now(),
        });
      });
    },
    // Stripe refused every attempt (a disputed charge, a closed account): the refund is owed by hand
    // (docs/product-rules.md#cancellation-and-refunds), never silently nothing.
    { gaveUp: ({ id }) => refundGaveUp(db, id, clock.now()) },
  );

  /** Marks an abandoned attempt failed, unless Stripe's word came first. */
  const markFailed = (paymentId: string) =>
    db.transaction(async (tx) => {
      const p = await lockPayment(tx, paymentId);
      if (p?.status === 'pending') await updatePayment(tx, p.id, { status: 'failed', updatedAt: clock.now() });
    });

  // An abandoned attempt's PaymentIntent is cancelled so the client's old page cannot pay it. If
  // the money moved meanwhile, it is settled like any payment.
  jobs.register<{ id: string }>(ABANDON_JOB, async ({ id }) => {
    const payment = await paymentById(db, id);
    if (!payment || payment.status !== 'pending' || !payment.stripePaymentIntentId) return;
    const intentId = payment.stripePaymentIntentId;
    /** Settles the payment if Stripe says it succeeded; 'gone' when Stripe does not know the intent. */
    const settleIfPaid = async (): Promise<boolean | 'gone'> => {
      const intent = await retrieveIntent(intentId);
      if (!intent) return 'gone';
      if (intent.status !== 'succeeded') return false;
      await db.transaction((tx) => settle(tx, intent));
      return true;
    };
    const first = await settleIfPaid();
    if (first === true) return;
    if (first === false) {
      try {
        // A subscription's first invoice cannot be cancelled by itself: the memberships module
        // ends the subscription (which voids it), or Stripe expires it after a day.
        if (!payment.stripeInvoiceId) {
          await (await stripe()).paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }, { idempotencyKey: `abandon-${id}` });
        }
      } catch (err) {
        // Stripe refuses to cancel an intent paid at the last moment: it is settled below.
        if (!isMissing(err) && (err as { code?: string }).code !== 'payment_intent_unexpected_state') throw err;
      }
      if ((await settleIfPaid()) === true) return;
    }
    await markFailed(id);
  });

  // Attempts whose hold ran out without anyone coming back are abandoned in a periodic sweep (a
  // hold expires by time alone, with no request to hang the work on).
  jobs.register(
    ABANDON_SWEEP_JOB,
    async () => {
      const stale = await staleCardPayments(db, clock.now());
      for (const s of stale) {
        const target = s.appointmentId ? { appointmentId: s.appointmentId } : s.membershipId ? { membershipId: s.membershipId } : null;
        if (!target) throw new Error('A card payment pays for a booking or a membership');
        await db.transaction((tx) => abandon(tx, target));
      }
    },
    { everyMs: ABANDON_SWEEP_EVERY_MS },
  );

  async function abandon(tx: Tx, target: { appointmentId: string } | { membershipId: string }): Promise<void> {
    for (const payment of await pendingCardPayments(tx, target)) {
      await jobs.enqueue(tx, ABANDON_JOB, { id: payment.id }, { key: `${ABANDON_JOB}:${payment.id}` });
    }
  }

  // Built in: payments succeeding, and refunds Stripe reports (also those made in its dashboard).
  // Each asks Stripe for the object: a webhook is a reason to ask, never the fact (D15).
  handlers.set('payment_intent.succeeded', async (event) => {
    const intent = await retrieveIntent((event.data.object as Stripe.PaymentIntent).id);
    return intent ? (tx) => settle(tx, intent) : undefined;
  });
  handlers.set('charge.refunded', async (event) => {
    const charge = await retrieveOrNull('retrieve charge', (stripe) => stripe.charges.retrieve((event.data.object as Stripe.Charge).id));
    const intentId = typeof charge?.payment_intent === 'string' ? charge.payment_intent : charge?.payment_intent?.id;
    if (!charge || !intentId) return undefined;
    // A refund reported before the payment's own success: the payment is settled first (with what
    // Stripe says was refunded of it), so the order of the events changes nothing.
    const intent = charge.paid ? await retrieveIntent(intentId) : null;
    return async (tx) => {
      const payment = await lockPaymentByIntent(tx, intentId);
      if (payment?.paidAt === null && intent) return settle(tx, intent);
      // Only money that was taken can be given back; our own refunds are also recorded by their job.
      if (!payment || payment.paidAt === null || charge.amount_refunded <= payment.refundedCents) return;
      await updatePayment(tx, payment.id, {
        refundedCents: Math.min(payment.amountCents, charge.amount_refunded),
        status: charge.amount_refunded >= payment.amountCents ? 'refunded' : 'partially_refunded',
        updatedAt: clock.now(),
      });
    };
  });

  async function limitCalls(userId: string, ip: string): Promise<void> {
    const windowMs = config.callLimits.windowMinutes * 60_000;
    const now = clock.now();
    for (const [key, limit] of [
      [`stripe:user:${userId}`, config.callLimits.perUser],
      [`stripe:ip:${ip}`, config.callLimits.perIp],
    ] as const) {
      const hit = await consumeRateLimit(db, key, limit, windowMs, now);
      if (!hit.allowed) {
        const wait = hit.retryAfterSeconds;
        throw new AppError('rate_limited', `Too many payment requests. Please try again in ${minutesText(wait)}.`, {
          retryAfterSeconds: wait,
        });
      }
    }
  }

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
    async verify(rawBody, signature) {
      const client = await stripe();
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch {
        throw new AppError('bad_request', 'The webhook signature could not be verified.');
      }
      if (!eventShape.safeParse(event).success) throw new AppError('bad_request', 'The webhook is not a Stripe event.');
      return event;
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
        // A client back from a redirect names the payment: only their own, of the record they
        // look at, and only while it waits (a settled one needs no call to Stripe).
        const payment = await paymentByIntent(db, intentId);
        const target = 'appointmentId' in of ? payment?.appointmentId === of.appointmentId : payment?.membershipId === of.membershipId;
        if (!payment || !target || payment.payerId !== of.payerId || payment.paidAt !== null) return;
        // Over the limit the page shows what is recorded; the webhook settles it anyway.
        if (
          !(await limitCalls(of.payerId, of.ip).then(
            () => true,
            () => false,
          ))
        )
          return;
      }
      const intent = await retrieveIntent(intentId).catch(() => null);
      if (!intent || intent.status !== 'succeeded') return;
      await db.transaction((tx) => settle(tx, intent));
      jobs.wake();
    },
    limitCalls,
    refund,
    abandon,
    wake: () => jobs.wake(),
    call,
  };
}

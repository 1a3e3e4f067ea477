/**
 * Buying a plan and living with the membership (docs/product-rules.md#memberships-and-credits): a
 * purchase is held like a booking (docs/product-rules.md#holds), confirmed in person or by a card
 * payment (a PaymentIntent for a single payment, a Stripe Subscription for a monthly membership,
 * both destination charges to the provider's account: docs/product-rules.md#payments),
 * cancelled (renewal stops, benefits last until the renewal day), paid per period; My passes lists
 * memberships and the services they or earlier payments cover. One transaction per use case; the
 * membership row is locked in each change so two requests never both act on what the other
 * changes.
 */
import {
  HOLD_TTL_MINUTES,
  MAX_LIVE_HOLDS_PER_PROVIDER,
  type Checkout,
  type Membership,
  type PurchasedService,
  type listMembershipsQuery,
} from '@slotted/contract';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { cancellable, membershipState, membershipSummary, serviceAvailability } from '../../domain/memberships/index.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, type Clock } from '../../lib/clock.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { enforceRateLimits, minutesText } from '../../plugins/rate-limit.ts';
import { imageUrl } from '../images/index.ts';
import {
  insertPayment,
  paymentByIntent,
  pendingCardPayment,
  updatePayment,
  type CardPayments,
  type EventHandler,
  type PaymentRow,
  type SettleTarget,
} from '../payments/index.ts';
import type { UserRow } from '../users/index.ts';
import {
  loadMembershipFacts,
  snapshotPlanGroups,
  toDomainMembership,
  type MembershipFacts,
  type MembershipFilter,
} from './membership-credits.queries.ts';
import {
  creditsLostEmail,
  membershipCancelledEmails,
  purchaseConfirmedEmails,
  renewalFailedEmail,
  type CreditsLostReason,
} from './memberships.emails.ts';
import {
  bookingPaymentsOf,
  findLiveHoldOf,
  findPlanWithProvider,
  insertMembership,
  planOnSale,
  livePurchaseHoldsWith,
  lockUser,
  membershipContext,
  membershipIdBySubscription,
  paymentsOfMemberships,
  releaseCreditsFrom,
  servicesBoughtBy,
  servicesByIds,
  setStripeCustomer,
  updateMembership,
  usersByIds,
} from './memberships.queries.ts';
import {
  periodPaid,
  presentMembership,
  presentPayment,
  presentService,
  tookMoney,
  type PaymentOptionsRule,
  type PresentMembershipInput,
} from './memberships.presenter.ts';

/** Ends the Stripe subscription of a purchase that did not happen (its payment came too late). */
const CANCEL_SUBSCRIPTION_JOB = 'membership-subscription-cancel';

export interface MembershipsDeps {
  db: Db;
  clock: Clock;
  mail: MailOutbox;
  appUrl: string;
  /** The booking's payment-option rule, with this installation's card payments (docs/product-rules.md#payments). */
  paymentOptions: PaymentOptionsRule;
  /** Buying is rate limited like booking: per signed-in user and per client address, in a window of minutes. */
  bookingLimits: { perUser: number; perIp: number; windowMinutes: number };
  /** Card payments with Stripe Connect, or null without Stripe keys (nothing offers them then). */
  payments: CardPayments | null;
  jobs: JobRunner;
}

/** Who looks at a membership: its buyer or the provider who sold it. */
type Viewer = Pick<UserRow, 'id'>;

/** Other people's memberships answer 404 like missing ones (docs/product-rules.md#roles-and-accounts). */
const notFound = () => new AppError('not_found', 'Membership not found.');

export function membershipsService(deps: MembershipsDeps) {
  const { db, clock } = deps;

  /** Memberships with everything their answer shows, in the loader's order. */
  async function load(executor: Db | Tx, filter: MembershipFilter, withServices: boolean): Promise<PresentMembershipInput[]> {
    const facts = await loadMembershipFacts(executor, filter);
    const ids = facts.map((f) => f.row.id);
    const context = await membershipContext(executor, ids);
    const payments = await paymentsOfMemberships(executor, ids);
    const services = withServices
      ? await servicesByIds(executor, [...new Set(facts.flatMap((f) => f.groups.flatMap((g) => g.serviceIds)))])
      : new Map();
    return facts.map((f) => ({
      facts: f,
      context: context.get(f.row.id)!,
      services,
      payments: payments.filter((p) => p.membershipId === f.row.id),
    }));
  }

  const present = (viewer: Viewer, input: PresentMembershipInput, withServices = true): Membership =>
    presentMembership(input, { viewerId: viewer.id, now: clock.now(), paymentOptions: deps.paymentOptions, withServices });

  /** One membership as its buyer or its provider sees it. */
  async function one(executor: Db | Tx, viewer: Viewer, id: string): Promise<{ membership: Membership; providerEmail: string }> {
    const [found] = await load(executor, { ids: [id] }, true);
    if (!found || (found.facts.row.clientId !== viewer.id && found.facts.row.providerId !== viewer.id)) throw notFound();
    return { membership: present(viewer, found), providerEmail: found.context.provider.email };
  }

  /** Locks the membership for the rest of the transaction: the buyer's own (or, with `asProvider`, one the viewer sold). */
  async function lockOwn(tx: Tx, viewer: UserRow, id: string, asProvider = false) {
    const [f] = await loadMembershipFacts(
      tx,
      { ids: [id], ...(asProvider ? { providerId: viewer.id } : { clientId: viewer.id }) },
      { lock: true },
    );
    if (!f) throw notFound();
    return f;
  }

  /**
   * One client cannot hold every plan (docs/product-rules.md#holds): at most
   * MAX_LIVE_HOLDS_PER_PROVIDER live purchases with one provider.
   */
  async function checkHoldLimit(tx: Tx, viewer: UserRow, provider: { id: string; name: string }, now: Date): Promise<void> {
    const holds = await livePurchaseHoldsWith(tx, viewer.id, provider.id, now);
    if (holds.count < MAX_LIVE_HOLDS_PER_PROVIDER) return;
    const wait = Math.max(1, Math.ceil(((holds.firstExpiresAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
    throw new AppError(
      'too_many_holds',
      `You already have ${holds.count} unconfirmed purchases with ${provider.name}. Confirm one of them, or try again in ${minutesText(wait)} when the first is released.`,
      { retryAfterSeconds: wait },
    );
  }

  /**
   * The purchase becomes an active membership starting now, and both sides are e-mailed. Paid by
   * card, its first period is paid by `payment` (docs/product-rules.md#payments).
   */
  async function confirmPurchase(tx: Tx, f: MembershipFacts, now: Date, payment: PaymentRow | null): Promise<Membership> {
    const id = f.row.id;
    await updateMembership(tx, id, {
      status: 'active',
      confirmedAt: now,
      holdExpiresAt: null,
      paymentMethod: payment ? 'card' : 'in_person',
      renews: f.row.interval === 'month',
      ...(payment ? { paidAt: now } : {}),
    });
    // The first period starts at the confirmation.
    if (payment) await updatePayment(tx, payment.id, { periodStart: now });
    const { membership, providerEmail } = await one(tx, { id: f.row.clientId }, id);
    await deps.mail.queue(tx, purchaseConfirmedEmails(membership, providerEmail, deps.appUrl));
    return membership;
  }

  /** Only an active monthly membership that still renews can be cancelled (docs/product-rules.md#memberships-and-credits). */
  function assertCancellable(f: MembershipFacts, now: Date): void {
    if (!f.row.confirmedAt || !cancellable(toDomainMembership(f), now)) {
      throw new AppError('conflict', 'Only an active membership that renews can be cancelled.');
    }
  }

  /**
   * The membership (locked by the caller, its change already written) no longer covers sessions
   * from its end on: in the same transaction, its confirmed bookings after the last covered day
   * lose their credit and the client gets the list (D15, docs/product-rules.md#memberships-and-credits).
   */
  async function releaseCreditsAfterEnd(tx: Tx, id: string, now: Date, reason: CreditsLostReason): Promise<void> {
    const [f] = await loadMembershipFacts(tx, { ids: [id] });
    if (!f?.row.confirmedAt) return;
    const state = membershipState(toDomainMembership(f), now);
    if (state.expiresAtMs === null) return;
    const released = await releaseCreditsFrom(tx, id, new Date(state.expiresAtMs), now);
    if (released.length === 0) return;
    const { client, provider } = (await membershipContext(tx, [id])).get(id)!;
    await deps.mail.queue(tx, [
      creditsLostEmail(
        client,
        { name: f.row.name, providerName: provider.name, expirationDay: state.expiration_day },
        released,
        deps.appUrl,
        reason,
      ),
    ]);
  }

  const card = deps.payments;
  if (card) {
    // A subscription is ended rather than left charging a client whose purchase did not happen.
    deps.jobs.register<{ id: string }>(CANCEL_SUBSCRIPTION_JOB, async ({ id }) => {
      const subscription = await card.stripe.subscriptions.retrieve(id);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      await card.stripe.subscriptions.cancel(id);
    });
  }
  const cancelSubscription = (tx: Tx, id: string | null) =>
    id ? deps.jobs.enqueue(tx, CANCEL_SUBSCRIPTION_JOB, { id }, { key: `${CANCEL_SUBSCRIPTION_JOB}:${id}` }) : undefined;

  /** The client's Stripe customer (a subscription needs one), created once. */
  async function customerOf(payments: CardPayments, viewer: UserRow): Promise<string> {
    if (viewer.stripeCustomerId) return viewer.stripeCustomerId;
    const customer = await payments.call('create customer', () =>
      payments.stripe.customers.create(
        { email: viewer.email, name: viewer.name, metadata: { user_id: viewer.id } },
        { idempotencyKey: `customer-${viewer.id}` },
      ),
    );
    return setStripeCustomer(db, viewer.id, customer.id);
  }

  /**
   * The period a renewal invoice pays: the one after the newest period paid. Stripe's billing
   * periods start at the subscription's creation instant, ours at the provider-local start of the
   * confirmation day (and in whole calendar months), so an invoice's dates do not name one of our
   * periods; renewal invoices come one per period, in order.
   */
  function renewedPeriodStart(f: MembershipFacts, paid: PaymentRow[], now: Date): Date {
    const terms = toDomainMembership(f);
    const starts = paid.filter((p) => tookMoney(p) && p.periodStart).map((p) => p.periodStart!.getTime());
    const last = membershipState(terms, starts.length ? Math.max(...starts) : f.row.confirmedAt!).period;
    const next = last ? membershipState(terms, last.endMs).period : null;
    return new Date(next?.startMs ?? last?.endMs ?? now.getTime());
  }

  return {
    /** POST /api/memberships: holds a purchase of the plan; repeating it while the hold lives returns the same one. */
    async create(viewer: UserRow, planId: number, ip: string): Promise<{ id: string; created: boolean }> {
      const limits = deps.bookingLimits;
      await enforceRateLimits(
        db,
        [
          { key: `purchase:ip:${ip}`, limit: limits.perIp },
          { key: `purchase:user:${viewer.id}`, limit: limits.perUser },
        ],
        limits.windowMinutes * 60_000,
        clock.now(),
        'purchase attempts',
      );
      const found = await findPlanWithProvider(db, planId);
      if (!found) throw new AppError('not_found', 'Plan not found.');
      const { plan, provider } = found;
      if (provider.id === viewer.id) throw new AppError('forbidden', 'You cannot buy your own plan.');
      if (plan.deletedAt) throw new AppError('plan_unavailable');
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockUser(tx, viewer.id);
        // Deleting a plan stops new sales only (D7): checked again under a lock a deletion waits for.
        if (!(await planOnSale(tx, plan.id))) throw new AppError('plan_unavailable');
        const existing = await findLiveHoldOf(tx, viewer.id, plan.id, now);
        if (existing) return { id: existing, created: false };
        await checkHoldLimit(tx, viewer, provider, now);
        const id = await insertMembership(tx, {
          clientId: viewer.id,
          providerId: provider.id,
          planId: plan.id,
          // What was bought, as it was when bought.
          name: plan.name,
          priceCents: plan.priceCents,
          interval: plan.interval,
          expiresInMonths: plan.expiresInMonths,
          status: 'held',
          holdExpiresAt: addMinutes(now, HOLD_TTL_MINUTES),
          createdAt: now,
        });
        await snapshotPlanGroups(tx, id, plan.id);
        return { id, created: true };
      });
    },

    /**
     * GET /api/memberships/{id}. Back from a redirect-based card payment (`sessionId`, its
     * PaymentIntent), the payment is checked with Stripe first: the client may arrive before the webhook.
     */
    async get(viewer: UserRow, id: string, sessionId: string | undefined, ip: string): Promise<Membership> {
      if (sessionId) await card?.syncIntent(sessionId, { payerId: viewer.id, membershipId: id, ip });
      return (await one(db, viewer, id)).membership;
    },

    /** Pay in person: the purchase becomes an active membership starting now (idempotent once confirmed). */
    async confirmWithoutPayment(viewer: UserRow, id: string): Promise<Membership> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const f = await lockOwn(tx, viewer, id);
        if (f.row.confirmedAt) return (await one(tx, viewer, id)).membership;
        if (f.row.status !== 'held' || (f.row.holdExpiresAt?.getTime() ?? 0) <= now.getTime()) throw new AppError('purchase_expired');
        const { provider } = (await membershipContext(tx, [id])).get(id)!;
        const options = deps.paymentOptions(provider, true, f.row.priceCents);
        if (!options.includes('in_person')) {
          throw new AppError(
            'payment_required',
            options.includes('pay_now')
              ? `${provider.name} takes payment online: please pay by card.`
              : `${provider.name} takes payment online, which is not available here.`,
          );
        }
        // A purchase held before its plan was deleted keeps its price and may complete (D7).
        // Confirming in person ends a card attempt left pending: its subscription is cancelled and
        // forgotten, so none of its events can change this membership.
        await cancelSubscription(tx, f.row.stripeSubscriptionId);
        if (f.row.stripeSubscriptionId) await updateMembership(tx, id, { stripeSubscriptionId: null });
        // A single payment's open PaymentIntent is cancelled too, so the old page cannot pay it.
        await card?.abandon(tx, { membershipId: id });
        return confirmPurchase(tx, f, now, null);
      });
    },

    /**
     * POST /api/memberships/{id}/checkout: the client secret that Stripe.js confirms the card
     * payment with. The amount is the purchase's own price. Stripe is asked outside any transaction,
     * with idempotency keys from the purchase, so a repeated call (a double click, a retry after a
     * declined card) gets the same PaymentIntent or Subscription back, never a second charge.
     */
    async checkout(viewer: UserRow, id: string, ip: string): Promise<Checkout> {
      if (card) await card.limitCalls(viewer.id, ip);
      const now = clock.now();
      const [found] = await load(db, { ids: [id], clientId: viewer.id }, false);
      if (!found) throw notFound();
      const m = found.facts.row;
      const { provider } = found.context;
      if (m.confirmedAt) throw new AppError('payment_unavailable', 'This purchase is already confirmed.');
      if (m.status !== 'held' || (m.holdExpiresAt?.getTime() ?? 0) <= now.getTime()) throw new AppError('purchase_expired');
      const account = provider.stripeAccountId;
      if (!card || !account || !deps.paymentOptions(provider, true, m.priceCents).includes('pay_now'))
        throw new AppError('payment_unavailable');
      // The attempt already under way is answered again: one call to Stripe, not three.
      const pending = await pendingCardPayment(db, { membershipId: id });
      if (pending) {
        const intent = await card.call('retrieve payment intent', () =>
          card.stripe.paymentIntents.retrieve(pending.stripePaymentIntentId!),
        );
        return { client_secret: intent.client_secret! };
      }
      // A destination charge: the money goes to the provider's account, the platform keeps its fee.
      const destination = { transfer_data: { destination: account }, on_behalf_of: account, metadata: { membership_id: id } };

      let paid: { intentId: string; clientSecret: string; subscriptionId?: string; invoiceId?: string };
      if (m.interval !== 'month') {
        const fee = card.applicationFee(m.priceCents);
        const intent = await card.call('create payment intent', () =>
          card.stripe.paymentIntents.create(
            { amount: m.priceCents, currency: 'eur', ...destination, ...(fee > 0 ? { application_fee_amount: fee } : {}) },
            { idempotencyKey: `membership-${id}-payment` },
          ),
        );
        paid = { intentId: intent.id, clientSecret: intent.client_secret! };
      } else {
        const customer = await customerOf(card, viewer);
        // A product per purchase: what was bought keeps its name, and the request stays the same on a retry.
        const product = await card.call('create product', () =>
          card.stripe.products.create(
            { name: m.name, metadata: { membership_id: id, plan_id: String(m.planId) } },
            { idempotencyKey: `membership-${id}-product` },
          ),
        );
        const subscription = await card.call('create subscription', () =>
          card.stripe.subscriptions.create(
            {
              customer,
              items: [
                { price_data: { currency: 'eur', product: product.id, unit_amount: m.priceCents, recurring: { interval: 'month' } } },
              ],
              // Incomplete until the first invoice's PaymentIntent is confirmed by the client.
              payment_behavior: 'default_incomplete',
              payment_settings: { save_default_payment_method: 'on_subscription' },
              ...destination,
              ...(card.feePercent > 0 ? { application_fee_percent: card.feePercent } : {}),
              expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
            },
            { idempotencyKey: `membership-${id}-subscription` },
          ),
        );
        const invoice = subscription.latest_invoice as Stripe.Invoice | null;
        const intent = invoice?.payments?.data[0]?.payment.payment_intent;
        const intentId = typeof intent === 'string' ? intent : intent?.id;
        const clientSecret = invoice?.confirmation_secret?.client_secret;
        if (!invoice?.id || !intentId || !clientSecret) throw new AppError('payment_provider_error');
        paid = { intentId, clientSecret, subscriptionId: subscription.id, invoiceId: invoice.id };
      }

      // Recorded whatever happened to the hold meanwhile: a payment made after it expired must
      // still be known to be ours, to be refunded.
      await db.transaction(async (tx) => {
        await loadMembershipFacts(tx, { ids: [id] }, { lock: true });
        if (paid.subscriptionId && !m.stripeSubscriptionId) await updateMembership(tx, id, { stripeSubscriptionId: paid.subscriptionId });
        if (await paymentByIntent(tx, paid.intentId)) return;
        await insertPayment(tx, {
          payerId: m.clientId,
          providerId: m.providerId,
          membershipId: id,
          amountCents: m.priceCents,
          method: 'card',
          status: 'pending',
          stripePaymentIntentId: paid.intentId,
          stripeInvoiceId: paid.invoiceId ?? null,
          createdAt: now,
          updatedAt: now,
        });
      });
      return { client_secret: paid.clientSecret };
    },

    /**
     * Settles a purchase whose card payment succeeded (in the transaction recording it): a live
     * hold becomes an active membership; a purchase that expired meanwhile did not happen, so the
     * money goes back and its subscription, if any, is ended.
     */
    settleCardPayment: (async (tx, payment, now) => {
      const [f] = await loadMembershipFacts(tx, { ids: [payment.membershipId!] }, { lock: true });
      if (!f) return 'refund';
      const live = f.row.status === 'held' && !f.row.confirmedAt && (f.row.holdExpiresAt?.getTime() ?? 0) > now.getTime();
      if (!live) {
        await cancelSubscription(tx, f.row.stripeSubscriptionId);
        return 'refund';
      }
      await confirmPurchase(tx, f, now, payment);
      return 'kept';
    }) satisfies SettleTarget,

    /**
     * invoice.paid: a subscription's first invoice is its checkout's PaymentIntent, settled as
     * payment_intent.succeeded settles it (whichever arrives first settles it, once); a renewal is
     * recorded as a card payment for the membership's next period.
     */
    invoicePaid: (async (event) => {
      const payments = card!;
      const invoice = event.data.object as Stripe.Invoice;
      const parent = invoice.parent?.subscription_details?.subscription;
      const subscriptionId = typeof parent === 'string' ? parent : parent?.id;
      if (!subscriptionId || !invoice.id) return undefined;
      const full = await payments.call('retrieve invoice', () => payments.stripe.invoices.retrieve(invoice.id!, { expand: ['payments'] }));
      const ref = full.payments?.data[0]?.payment.payment_intent;
      const intentId = typeof ref === 'string' ? ref : ref?.id;
      if (full.billing_reason === 'subscription_create') {
        if (intentId) await payments.syncIntent(intentId);
        return undefined;
      }
      if (full.billing_reason !== 'subscription_cycle') return undefined;
      const intent = intentId
        ? await payments.call('retrieve payment intent', () =>
            payments.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }),
          )
        : null;
      const charge = intent?.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const used = charge?.payment_method_details?.card;
      return async (tx) => {
        const id = await membershipIdBySubscription(tx, subscriptionId);
        if (!id) return;
        const [f] = await loadMembershipFacts(tx, { ids: [id] }, { lock: true });
        const paid = await paymentsOfMemberships(tx, [id]);
        if (paid.some((p) => p.stripeInvoiceId === full.id || (intentId && p.stripePaymentIntentId === intentId))) return;
        const now = clock.now();
        const row = await insertPayment(tx, {
          payerId: f!.row.clientId,
          providerId: f!.row.providerId,
          membershipId: id,
          amountCents: full.amount_paid,
          method: 'card',
          status: 'succeeded',
          periodStart: f!.row.confirmedAt ? renewedPeriodStart(f!, paid, now) : null,
          stripePaymentIntentId: intentId ?? null,
          stripeInvoiceId: full.id,
          cardBrand: used?.brand ?? null,
          cardLast4: used?.last4 ?? null,
          paidAt: now,
          createdAt: now,
          updatedAt: now,
        });
        // The renewal that had failed is paid: its credits can be spent again.
        if (f!.row.unpaidFrom) await updateMembership(tx, id, { unpaidFrom: null });
        // A purchase that never happened is never charged: the money goes back, the subscription ends.
        if (!f!.row.confirmedAt) {
          await payments.refund(tx, row, 'late_payment');
          await cancelSubscription(tx, subscriptionId);
        }
      };
    }) satisfies EventHandler,

    /**
     * invoice.payment_failed: a renewal Stripe could not charge. The invoice is asked of Stripe (the
     * event is only a reason to ask, D15); only a renewal of the subscription that pays one of our
     * memberships counts. Its credits from the unpaid period on cannot be spent until it is paid
     * (invoice.paid clears it), and the client is asked to update their card.
     */
    invoicePaymentFailed: (async (event) => {
      const payments = card!;
      const invoiceId = (event.data.object as Stripe.Invoice).id;
      if (!invoiceId) return undefined;
      const full = await payments.call('retrieve invoice', () => payments.stripe.invoices.retrieve(invoiceId));
      const parent = full.parent?.subscription_details?.subscription;
      const subscriptionId = typeof parent === 'string' ? parent : parent?.id;
      if (full.billing_reason !== 'subscription_cycle' || !subscriptionId || full.status === 'paid' || full.status === 'void')
        return undefined;
      return async (tx) => {
        const id = await membershipIdBySubscription(tx, subscriptionId);
        if (!id) return;
        const [f] = await loadMembershipFacts(tx, { ids: [id] }, { lock: true });
        if (!f?.row.confirmedAt || f.row.unpaidFrom || f.row.endsInPeriodOf) return;
        const paid = await paymentsOfMemberships(tx, [id]);
        if (paid.some((p) => p.stripeInvoiceId === full.id)) return;
        const now = clock.now();
        await updateMembership(tx, id, { unpaidFrom: renewedPeriodStart(f, paid, now) });
        const { client, provider } = (await membershipContext(tx, [id])).get(id)!;
        await deps.mail.queue(tx, [
          renewalFailedEmail(
            client,
            { name: f.row.name, providerName: provider.name },
            full.hosted_invoice_url ?? `${deps.appUrl}/memberships/${id}`,
          ),
        ]);
      };
    }) satisfies EventHandler,

    /**
     * customer.subscription.deleted and customer.subscription.updated: the subscription is asked of
     * Stripe, never read from the event. When Stripe says it ended (canceled, incomplete_expired, or
     * unpaid: it gave up on a renewal) and it is the one paying a membership, the membership ends
     * at the start of the first period nobody paid for, and its bookings after that lose their
     * credit (D15). An event about any other subscription changes nothing.
     */
    subscriptionChanged: (async (event) => {
      const payments = card!;
      const subscriptionId = (event.data.object as Stripe.Subscription).id;
      const subscription = await payments.call('retrieve subscription', () => payments.stripe.subscriptions.retrieve(subscriptionId));
      if (!['canceled', 'incomplete_expired', 'unpaid'].includes(subscription.status)) return undefined;
      return async (tx) => {
        const id = await membershipIdBySubscription(tx, subscription.id);
        if (!id) return;
        const [f] = await loadMembershipFacts(tx, { ids: [id] }, { lock: true });
        if (!f?.row.confirmedAt || f.row.endsInPeriodOf) return;
        const now = clock.now();
        const paid = await paymentsOfMemberships(tx, [id]);
        await updateMembership(tx, id, {
          status: 'cancelled',
          cancelledAt: f.row.cancelledAt ?? now,
          renews: false,
          endsInPeriodOf: f.row.unpaidFrom ?? renewedPeriodStart(f, paid, now),
        });
        await releaseCreditsAfterEnd(tx, id, now, f.row.cancelledAt ? 'cancelled' : 'ended');
      };
    }) satisfies EventHandler,

    /**
     * Stops renewal of an active monthly membership; its benefits last until the renewal day. A
     * card subscription is told first to end at its period's end: if Stripe cannot be reached,
     * nothing changes here (502) and the client can try again.
     */
    async cancel(viewer: UserRow, id: string): Promise<Membership> {
      const now = clock.now();
      const [current] = await loadMembershipFacts(db, { ids: [id], clientId: viewer.id });
      if (!current) throw notFound();
      assertCancellable(current, now);
      const subscriptionId = current.row.stripeSubscriptionId;
      if (card && subscriptionId) {
        await card.call('stop subscription renewal', () =>
          card.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
        );
      }
      return db.transaction(async (tx) => {
        const f = await lockOwn(tx, viewer, id);
        assertCancellable(f, now);
        await updateMembership(tx, id, { status: 'cancelled', cancelledAt: now, renews: false });
        await releaseCreditsAfterEnd(tx, id, now, 'cancelled');
        const { membership, providerEmail } = await one(tx, viewer, id);
        await deps.mail.queue(tx, membershipCancelledEmails(membership, providerEmail, deps.appUrl));
        return membership;
      });
    },

    /** The provider received the current period's price in person: a payment row names that period. */
    async markPaid(viewer: UserRow, id: string): Promise<Membership> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const f = await lockOwn(tx, viewer, id, true);
        const period = f.row.confirmedAt ? membershipSummary(toDomainMembership(f), now).period : null;
        if (!period) throw new AppError('conflict', 'Only an active membership can be marked as paid.');
        if (periodPaid(await paymentsOfMemberships(tx, [id]), period.startMs))
          throw new AppError('conflict', 'This period is already paid.');
        await insertPayment(tx, {
          payerId: f.row.clientId,
          providerId: f.row.providerId,
          membershipId: id,
          amountCents: f.row.priceCents,
          method: 'in_person',
          status: 'succeeded',
          periodStart: new Date(period.startMs),
          paidAt: now,
          createdAt: now,
          updatedAt: now,
        });
        if (!f.row.paidAt) await updateMembership(tx, id, { paidAt: now });
        return (await one(tx, viewer, id)).membership;
      });
    },

    /** The viewer's own confirmed memberships, or (a provider, `client_id`) those a client bought from them; newest first. */
    async list(viewer: UserRow, q: z.output<typeof listMembershipsQuery>): Promise<Membership[]> {
      if (q.client_id !== undefined && !viewer.isProvider)
        throw new AppError('forbidden', 'Only providers can see their clients’ memberships.');
      const filter: MembershipFilter =
        q.client_id !== undefined
          ? { clientId: q.client_id, providerId: viewer.id, confirmedOnly: true }
          : { clientId: viewer.id, confirmedOnly: true };
      const withServices = q.include === 'services';
      const found = await load(db, filter, withServices);
      return found
        .sort((a, b) => b.facts.row.confirmedAt!.getTime() - a.facts.row.confirmedAt!.getTime())
        .map((m) => present(viewer, m, withServices));
    },

    /**
     * My passes → Services (docs/product-rules.md#memberships-and-credits): every service a
     * membership active now covers, with the sessions its credits still allow, and every service
     * booked and paid for without one, with those bookings' payments. By service name.
     */
    async purchasedServices(viewer: UserRow): Promise<PurchasedService[]> {
      const now = clock.now();
      const facts = await loadMembershipFacts(db, { clientId: viewer.id, confirmedOnly: true });
      const held = facts.map(toDomainMembership);
      const names = new Map(facts.map((f) => [f.row.id, f.row.name]));
      const available = new Map(serviceAvailability(held, now).map((a) => [a.serviceId, a]));
      const coveredBy = new Map<number, { id: string; name: string }[]>();
      for (const m of held) {
        if (!membershipState(m, now).active) continue;
        for (const serviceId of new Set(m.groups.flatMap((g) => g.serviceIds))) {
          coveredBy.set(serviceId, [...(coveredBy.get(serviceId) ?? []), { id: m.id, name: names.get(m.id)! }]);
        }
      }
      const serviceIds = [...new Set([...available.keys(), ...(await servicesBoughtBy(db, viewer.id))])];
      const services = await servicesByIds(db, serviceIds);
      const providers = await usersByIds(db, [...new Set([...services.values()].map((s) => s.providerId))]);
      const payments = await bookingPaymentsOf(db, viewer.id, serviceIds);
      return [...services.values()]
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
        .map((s) => {
          const provider = providers.get(s.providerId)!;
          return {
            service: { ...presentService(s), location: s.location },
            provider: { id: provider.id, name: provider.name, username: provider.username, avatar: imageUrl(provider.avatarImageId) },
            available_count: available.get(s.id)?.available_count ?? 0,
            availability: [...(available.get(s.id)?.availability ?? [])],
            memberships: coveredBy.get(s.id) ?? [],
            payments: payments.filter((p) => p.serviceId === s.id && tookMoney(p.payment)).map((p) => presentPayment(p.payment)),
          };
        });
    },
  };
}

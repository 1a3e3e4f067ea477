/** Stripe's word about a membership's subscription: renewals paid or failed, and the subscription ending. */
import type Stripe from 'stripe';
import { insertPayment, type EventEffect } from '../../payments/index.ts';
import { loadMembershipFacts } from '../membership-credits.queries.ts';
import { renewalFailedEmail } from '../memberships.emails.ts';
import { membershipContext, membershipIdBySubscription, paymentsOfMemberships, updateMembership } from '../memberships.queries.ts';
import { releaseCreditsAfterEnd, renewedPeriodStart } from './membership-end.ts';
import type { MembershipsDeps } from './memberships-deps.ts';
import { cancelSubscription } from './subscriptions.ts';

/**
 * invoice.paid: a subscription's first invoice is its checkout's PaymentIntent, settled as
 * payment_intent.succeeded settles it (whichever arrives first settles it, once); a renewal is
 * recorded as a card payment for the membership's next period.
 */
export async function invoicePaid(deps: MembershipsDeps, event: Stripe.Event): Promise<EventEffect | undefined> {
  const payments = deps.payments;
  if (!payments) throw new Error('Stripe sends events only where card payments are on');
  const invoice = event.data.object as Stripe.Invoice;
  const parent = invoice.parent?.subscription_details?.subscription;
  const subscriptionId = typeof parent === 'string' ? parent : parent?.id;
  const invoiceId = invoice.id;
  if (!subscriptionId || !invoiceId) return undefined;
  const full = await payments.call('retrieve invoice', (stripe) => stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
  const ref = full.payments?.data[0]?.payment.payment_intent;
  const intentId = typeof ref === 'string' ? ref : ref?.id;
  if (full.billing_reason === 'subscription_create') {
    if (intentId) await payments.syncIntent(intentId);
    return undefined;
  }
  if (full.billing_reason !== 'subscription_cycle') return undefined;
  const intent = intentId
    ? await payments.call('retrieve payment intent', (stripe) => stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }))
    : null;
  const charge = intent?.latest_charge && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const used = charge?.payment_method_details?.card;
  return async (tx) => {
    const id = await membershipIdBySubscription(tx, subscriptionId);
    if (!id) return;
    const [f] = await loadMembershipFacts(tx, { ids: [id] }, { lock: true });
    if (!f) throw new Error(`Membership ${id}, found by its subscription, has no facts`);
    const paid = await paymentsOfMemberships(tx, [id]);
    if (paid.some((p) => p.stripeInvoiceId === full.id || (intentId && p.stripePaymentIntentId === intentId))) return;
    const now = deps.clock.now();
    const row = await insertPayment(tx, {
      payerId: f.row.clientId,
      providerId: f.row.providerId,
      membershipId: id,
      amountCents: full.amount_paid,
      method: 'card',
      status: 'succeeded',
      periodStart: f.row.confirmedAt ? renewedPeriodStart(f, paid, now) : null,
      stripePaymentIntentId: intentId ?? null,
      stripeInvoiceId: full.id,
      cardBrand: used?.brand ?? null,
      cardLast4: used?.last4 ?? null,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // The renewal that had failed is paid: its credits can be spent again.
    if (f.row.unpaidFrom) await updateMembership(tx, id, { unpaidFrom: null });
    // A purchase that never happened is never charged: the money goes back, the subscription ends.
    if (!f.row.confirmedAt) {
      await payments.refund(tx, row, 'late_payment');
      await cancelSubscription(deps, tx, subscriptionId);
    }
  };
}

/**
 * invoice.payment_failed: a renewal Stripe could not charge. The invoice is asked of Stripe (the
 * event is only a reason to ask, D15); only a renewal of the subscription that pays one of our
 * memberships counts. Its credits from the unpaid period on cannot be spent until it is paid
 * (invoice.paid clears it), and the client is asked to update their card.
 */
export async function invoicePaymentFailed(deps: MembershipsDeps, event: Stripe.Event): Promise<EventEffect | undefined> {
  const payments = deps.payments;
  if (!payments) throw new Error('Stripe sends events only where card payments are on');
  const invoiceId = (event.data.object as Stripe.Invoice).id;
  if (!invoiceId) return undefined;
  const full = await payments.call('retrieve invoice', (stripe) => stripe.invoices.retrieve(invoiceId));
  const parent = full.parent?.subscription_details?.subscription;
  const subscriptionId = typeof parent === 'string' ? parent : parent?.id;
  if (full.billing_reason !== 'subscription_cycle' || !subscriptionId || full.status === 'paid' || full.status === 'void') return undefined;
  return async (tx) => {
    const id = await membershipIdBySubscription(tx, subscriptionId);
    if (!id) return;
    const [f] = await loadMembershipFacts(tx, { ids: [id] }, { lock: true });
    if (!f?.row.confirmedAt || f.row.unpaidFrom || f.row.endsInPeriodOf) return;
    const paid = await paymentsOfMemberships(tx, [id]);
    if (paid.some((p) => p.stripeInvoiceId === full.id)) return;
    const now = deps.clock.now();
    await updateMembership(tx, id, { unpaidFrom: renewedPeriodStart(f, paid, now) });
    const context = (await membershipContext(tx, [id])).get(id);
    if (!context) throw new Error(`Membership ${id} has no client or provider`);
    const { client, provider } = context;
    await deps.mail.queue(tx, [
      renewalFailedEmail(
        client,
        { name: f.row.name, providerName: provider.name },
        full.hosted_invoice_url ?? `${deps.appUrl}/memberships/${id}`,
      ),
    ]);
  };
}

/**
 * customer.subscription.deleted and customer.subscription.updated: the subscription is asked of
 * Stripe, never read from the event. When Stripe says it ended (canceled, incomplete_expired, or
 * unpaid: it gave up on a renewal) and it is the one paying a membership, the membership ends
 * at the start of the first period nobody paid for, and its bookings after that lose their
 * credit (D15). An event about any other subscription changes nothing.
 */
export async function subscriptionChanged(deps: MembershipsDeps, event: Stripe.Event): Promise<EventEffect | undefined> {
  const payments = deps.payments;
  if (!payments) throw new Error('Stripe sends events only where card payments are on');
  const subscriptionId = (event.data.object as Stripe.Subscription).id;
  const subscription = await payments.call('retrieve subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
  if (!['canceled', 'incomplete_expired', 'unpaid'].includes(subscription.status)) return undefined;
  return async (tx) => {
    const id = await membershipIdBySubscription(tx, subscription.id);
    if (!id) return;
    const [f] = await loadMembershipFacts(tx, { ids: [id] }, { lock: true });
    if (!f?.row.confirmedAt || f.row.endsInPeriodOf) return;
    const now = deps.clock.now();
    const paid = await paymentsOfMemberships(tx, [id]);
    await updateMembership(tx, id, {
      status: 'cancelled',
      cancelledAt: f.row.cancelledAt ?? now,
      renews: false,
      endsInPeriodOf: f.row.unpaidFrom ?? renewedPeriodStart(f, paid, now),
    });
    await releaseCreditsAfterEnd(deps, tx, id, now, f.row.cancelledAt ? 'cancelled' : 'ended');
  };
}

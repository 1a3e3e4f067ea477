import type { Checkout } from '@slotted/contract';
import type Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import { insertPayment, paymentByIntent, pendingCardPayment } from '../../payments/index.ts';
import type { UserRow } from '../../users/index.ts';
import { loadMembershipFacts } from '../membership-credits.queries.ts';
import { updateMembership } from '../memberships.queries.ts';
import { loadMemberships } from './load-membership.ts';
import { membershipNotFound, type MembershipsDeps } from './memberships-deps.ts';
import { customerOf } from './subscriptions.ts';

/**
 * POST /api/memberships/{id}/checkout: the client secret that Stripe.js confirms the card
 * payment with. The amount is the purchase's own price. Stripe is asked outside any transaction,
 * with idempotency keys from the purchase, so a repeated call (a double click, a retry after a
 * declined card) gets the same PaymentIntent or Subscription back, never a second charge.
 */
export async function cardCheckout(deps: MembershipsDeps, viewer: UserRow, id: string, ip: string): Promise<Checkout> {
  const { db, clock } = deps;
  const card = deps.payments;
  if (card) await card.limitCalls(viewer.id, ip);
  const now = clock.now();
  const [found] = await loadMemberships(db, { ids: [id], clientId: viewer.id }, false);
  if (!found) throw membershipNotFound();
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
    const intentId = pending.stripePaymentIntentId;
    if (!intentId) throw new Error(`Card payment ${pending.id} has no PaymentIntent`);
    const intent = await card.call('retrieve payment intent', (stripe) => stripe.paymentIntents.retrieve(intentId));
    return { client_secret: clientSecretOf(intent) };
  }
  // A destination charge: the money goes to the provider's account, the platform keeps its fee.
  const destination = { transfer_data: { destination: account }, on_behalf_of: account, metadata: { membership_id: id } };

  let paid: { intentId: string; clientSecret: string; subscriptionId?: string; invoiceId?: string };
  if (m.interval !== 'month') {
    const fee = card.applicationFee(m.priceCents);
    const intent = await card.call('create payment intent', (stripe) =>
      stripe.paymentIntents.create(
        { amount: m.priceCents, currency: 'eur', ...destination, ...(fee > 0 ? { application_fee_amount: fee } : {}) },
        { idempotencyKey: `membership-${id}-payment` },
      ),
    );
    paid = { intentId: intent.id, clientSecret: clientSecretOf(intent) };
  } else {
    const customer = await customerOf(deps, card, viewer);
    // A product per purchase: what was bought keeps its name, and the request stays the same on a retry.
    const product = await card.call('create product', (stripe) =>
      stripe.products.create(
        { name: m.name, metadata: { membership_id: id, plan_id: String(m.planId) } },
        { idempotencyKey: `membership-${id}-product` },
      ),
    );
    const subscription = await card.call('create subscription', (stripe) =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price_data: { currency: 'eur', product: product.id, unit_amount: m.priceCents, recurring: { interval: 'month' } } }],
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
}

/** A PaymentIntent read with our secret key carries its client secret. */
function clientSecretOf(intent: Stripe.PaymentIntent): string {
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without its client secret`);
  return intent.client_secret;
}

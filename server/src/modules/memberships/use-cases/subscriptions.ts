/** The Stripe side of a monthly membership: its customer, and ending a subscription whose purchase did not happen. */
import type { Tx } from '../../../db/client.ts';
import type { CardPayments } from '../../payments/index.ts';
import type { UserRow } from '../../users/index.ts';
import { setStripeCustomer } from '../memberships.queries.ts';
import type { MembershipsDeps } from './memberships-deps.ts';

/** Ends the Stripe subscription of a purchase that did not happen (its payment came too late). */
const CANCEL_SUBSCRIPTION_JOB = 'membership-subscription-cancel';

/** Registers the job that ends subscriptions (once, when the service is built). */
export function registerSubscriptionCancel(deps: MembershipsDeps): void {
  const card = deps.payments;
  if (!card) return;
  // A subscription is ended rather than left charging a client whose purchase did not happen.
  deps.jobs.register<{ id: string }>(CANCEL_SUBSCRIPTION_JOB, async ({ id }) => {
    const stripe = await card.stripe();
    const subscription = await stripe.subscriptions.retrieve(id);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
    await stripe.subscriptions.cancel(id);
  });
}

export const cancelSubscription = (deps: MembershipsDeps, tx: Tx, id: string | null) =>
  id ? deps.jobs.enqueue(tx, CANCEL_SUBSCRIPTION_JOB, { id }, { key: `${CANCEL_SUBSCRIPTION_JOB}:${id}` }) : undefined;

/** The client's Stripe customer (a subscription needs one), created once. */
export async function customerOf(deps: MembershipsDeps, payments: CardPayments, viewer: UserRow): Promise<string> {
  if (viewer.stripeCustomerId) return viewer.stripeCustomerId;
  const customer = await payments.call('create customer', (stripe) =>
    stripe.customers.create(
      { email: viewer.email, name: viewer.name, metadata: { user_id: viewer.id } },
      { idempotencyKey: `customer-${viewer.id}` },
    ),
  );
  return setStripeCustomer(deps.db, viewer.id, customer.id);
}

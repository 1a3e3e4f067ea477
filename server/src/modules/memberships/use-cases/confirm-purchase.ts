/** A held purchase becomes an active membership: paid in person here, or by card (settle-card-payment.ts). */
import type { Membership } from '@slotted/contract';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { updatePayment, type PaymentRow } from '../../payments/index.ts';
import type { UserRow } from '../../users/index.ts';
import type { MembershipFacts } from '../membership-credits.queries.ts';
import { purchaseConfirmedEmails } from '../memberships.emails.ts';
import { membershipContext, updateMembership } from '../memberships.queries.ts';
import { lockOwn, oneMembership } from './load-membership.ts';
import type { MembershipsDeps } from './memberships-deps.ts';
import { cancelSubscription } from './subscriptions.ts';

/**
 * The purchase becomes an active membership starting now, and both sides are e-mailed. Paid by
 * card, its first period is paid by `payment` (docs/product-rules.md#payments).
 */
export async function confirmPurchase(
  deps: MembershipsDeps,
  tx: Tx,
  f: MembershipFacts,
  now: Date,
  payment: PaymentRow | null,
): Promise<Membership> {
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
  const { membership, providerEmail } = await oneMembership(deps, tx, { id: f.row.clientId }, id);
  await deps.mail.queue(tx, purchaseConfirmedEmails(membership, providerEmail, deps.appUrl));
  return membership;
}

/** Pay in person: the purchase becomes an active membership starting now (idempotent once confirmed). */
export async function confirmInPerson(deps: MembershipsDeps, viewer: UserRow, id: string): Promise<Membership> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const f = await lockOwn(tx, viewer, id);
    if (f.row.confirmedAt) return (await oneMembership(deps, tx, viewer, id)).membership;
    if (f.row.status !== 'held' || (f.row.holdExpiresAt?.getTime() ?? 0) <= now.getTime()) throw new AppError('purchase_expired');
    const context = (await membershipContext(tx, [id])).get(id);
    if (!context) throw new Error(`Membership ${id} has no client or provider`);
    const { provider } = context;
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
    await cancelSubscription(deps, tx, f.row.stripeSubscriptionId);
    if (f.row.stripeSubscriptionId) await updateMembership(tx, id, { stripeSubscriptionId: null });
    // A single payment's open PaymentIntent is cancelled too, so the old page cannot pay it.
    await deps.payments?.abandon(tx, { membershipId: id });
    return confirmPurchase(deps, tx, f, now, null);
  });
}

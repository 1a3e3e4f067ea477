import type { Membership } from '@slotted/contract';
import { cancellable } from '../../../domain/memberships/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { UserRow } from '../../users/index.ts';
import { loadMembershipFacts, toDomainMembership, type MembershipFacts } from '../membership-credits.queries.ts';
import { membershipCancelledEmails } from '../memberships.emails.ts';
import { updateMembership } from '../memberships.queries.ts';
import { lockOwn, oneMembership } from './load-membership.ts';
import { releaseCreditsAfterEnd } from './membership-end.ts';
import { membershipNotFound, type MembershipsDeps } from './memberships-deps.ts';

/** Only an active monthly membership that still renews can be cancelled (docs/product-rules.md#memberships-and-credits). */
function assertCancellable(f: MembershipFacts, now: Date): void {
  if (!f.row.confirmedAt || !cancellable(toDomainMembership(f), now)) {
    throw new AppError('conflict', 'Only an active membership that renews can be cancelled.');
  }
}

/**
 * Stops renewal of an active monthly membership; its benefits last until the renewal day. A
 * card subscription is told first to end at its period's end: if Stripe cannot be reached,
 * nothing changes here (502) and the client can try again.
 */
export async function cancelMembership(deps: MembershipsDeps, viewer: UserRow, id: string): Promise<Membership> {
  const { db, clock } = deps;
  const card = deps.payments;
  const now = clock.now();
  const [current] = await loadMembershipFacts(db, { ids: [id], clientId: viewer.id });
  if (!current) throw membershipNotFound();
  assertCancellable(current, now);
  const subscriptionId = current.row.stripeSubscriptionId;
  if (card && subscriptionId) {
    await card.call('stop subscription renewal', (stripe) => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
  }
  return db.transaction(async (tx) => {
    const f = await lockOwn(tx, viewer, id);
    assertCancellable(f, now);
    await updateMembership(tx, id, { status: 'cancelled', cancelledAt: now, renews: false });
    await releaseCreditsAfterEnd(deps, tx, id, now, 'cancelled');
    const { membership, providerEmail } = await oneMembership(deps, tx, viewer, id);
    await deps.mail.queue(tx, membershipCancelledEmails(membership, providerEmail, deps.appUrl));
    return membership;
  });
}

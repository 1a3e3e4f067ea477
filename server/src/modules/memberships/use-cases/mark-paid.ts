import type { Membership } from '@slotted/contract';
import { membershipSummary } from '../../../domain/memberships/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { insertPayment } from '../../payments/index.ts';
import type { UserRow } from '../../users/index.ts';
import { toDomainMembership } from '../membership-credits.queries.ts';
import { periodPaid } from '../memberships.presenter.ts';
import { paymentsOfMemberships, updateMembership } from '../memberships.queries.ts';
import { lockOwn, oneMembership } from './load-membership.ts';
import type { MembershipsDeps } from './memberships-deps.ts';

/** The provider received the current period's price in person: a payment row names that period. */
export async function markPaid(deps: MembershipsDeps, viewer: UserRow, id: string): Promise<Membership> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const f = await lockOwn(tx, viewer, id, true);
    const period = f.row.confirmedAt ? membershipSummary(toDomainMembership(f), now).period : null;
    if (!period) throw new AppError('conflict', 'Only an active membership can be marked as paid.');
    if (periodPaid(await paymentsOfMemberships(tx, [id]), period.startMs)) throw new AppError('conflict', 'This period is already paid.');
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
    return (await oneMembership(deps, tx, viewer, id)).membership;
  });
}

/** POST /api/memberships: holding a purchase of a plan (docs/product-rules.md#holds), rate limited like booking. */
import { HOLD_TTL_MINUTES } from '@slotted/contract';
import { memberships } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { addMinutes } from '../../../lib/clock.ts';
import type { UserRow } from '../../users/index.ts';
import { snapshotPlanGroups } from '../membership-credits.queries.ts';
import { findLiveHoldOf, findPlanWithProvider, insertMembership, lockUser, planOnSale } from '../memberships.queries.ts';
import { checkHoldLimit, limitHoldAttempts } from '../live-holds.ts';
import type { MembershipsDeps } from './memberships-deps.ts';

/** Holds a purchase of the plan; repeating it while the hold lives returns the same one. */
export async function buyPlan(
  deps: MembershipsDeps,
  viewer: UserRow,
  planId: number,
  ip: string,
): Promise<{ id: string; created: boolean }> {
  const { db, clock } = deps;
  await limitHoldAttempts(db, deps.bookingLimits, 'purchase', viewer.id, ip, clock.now());
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
    // One client cannot hold every plan (docs/product-rules.md#holds).
    await checkHoldLimit(tx, memberships, viewer.id, provider, now, 'purchases');
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
}

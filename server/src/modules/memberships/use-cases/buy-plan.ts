/** POST /api/memberships: holding a purchase of a plan (docs/product-rules.md#holds), rate limited like booking. */
import { HOLD_TTL_MINUTES, MAX_LIVE_HOLDS_PER_PROVIDER } from '@slotted/contract';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { addMinutes } from '../../../lib/clock.ts';
import { enforceRateLimits, minutesText } from '../../../plugins/rate-limit.ts';
import type { UserRow } from '../../users/index.ts';
import { snapshotPlanGroups } from '../membership-credits.queries.ts';
import {
  findLiveHoldOf,
  findPlanWithProvider,
  insertMembership,
  livePurchaseHoldsWith,
  lockUser,
  planOnSale,
} from '../memberships.queries.ts';
import type { MembershipsDeps } from './memberships-deps.ts';

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

/** Holds a purchase of the plan; repeating it while the hold lives returns the same one. */
export async function buyPlan(
  deps: MembershipsDeps,
  viewer: UserRow,
  planId: number,
  ip: string,
): Promise<{ id: string; created: boolean }> {
  const { db, clock } = deps;
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
}

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberships, payments, planGroups, planGroupServices, plans, services } from '../../db/schema.ts';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = Omit<typeof plans.$inferInsert, 'id'>;
export type PlanGroup = { quantity: number; services: number[] };

/**
 * What a plan sold: memberships whose purchase was confirmed, and the money taken for them net of
 * refunds. `${plans}.id` is spelled out: alone in its FROM, Drizzle would write a bare "id", which
 * the subqueries' own tables also have.
 */
const withSales = {
  plan: plans,
  membershipsSold: sql<number>`(SELECT count(*)::int FROM ${memberships} m WHERE m.plan_id = ${plans}.id AND m.confirmed_at IS NOT NULL)`,
  takenCents: sql<number>`(SELECT coalesce(sum(p.amount_cents - p.refunded_cents), 0)::int FROM ${payments} p JOIN ${memberships} m ON m.id = p.membership_id
    WHERE m.plan_id = ${plans}.id AND m.confirmed_at IS NOT NULL AND p.status IN ('succeeded', 'partially_refunded', 'refunded'))`,
  // Owed (docs/product-rules.md#memberships-and-credits): confirmed purchases nothing was ever paid
  // for, at the price they were bought at — the packs and memberships to be paid in person.
  unpaidCount: sql<number>`(SELECT count(*)::int FROM ${memberships} m WHERE m.plan_id = ${plans}.id AND m.confirmed_at IS NOT NULL
    AND m.price_cents > 0 AND NOT EXISTS (SELECT 1 FROM ${payments} p WHERE p.membership_id = m.id AND p.status IN ('succeeded', 'partially_refunded', 'refunded')))`,
  unpaidCents: sql<number>`(SELECT coalesce(sum(m.price_cents), 0)::int FROM ${memberships} m WHERE m.plan_id = ${plans}.id AND m.confirmed_at IS NOT NULL
    AND m.price_cents > 0 AND NOT EXISTS (SELECT 1 FROM ${payments} p WHERE p.membership_id = m.id AND p.status IN ('succeeded', 'partially_refunded', 'refunded')))`,
};

export type PlanSalesRow = { plan: PlanRow; membershipsSold: number; takenCents: number; unpaidCount: number; unpaidCents: number };

const live = (providerId: string) => and(eq(plans.providerId, providerId), isNull(plans.deletedAt));

/** The provider's plans that are still sold, cheapest first. */
export async function listLivePlans(db: Db, providerId: string): Promise<PlanRow[]> {
  return db.select().from(plans).where(live(providerId)).orderBy(asc(plans.priceCents), asc(plans.id));
}

export async function listLivePlansWithSales(db: Db, providerId: string): Promise<PlanSalesRow[]> {
  return db.select(withSales).from(plans).where(live(providerId)).orderBy(asc(plans.priceCents), asc(plans.id));
}

export async function findLivePlanWithSales(db: Db, providerId: string, id: number): Promise<PlanSalesRow | null> {
  const [row] = await db
    .select(withSales)
    .from(plans)
    .where(and(eq(plans.id, id), live(providerId)))
    .limit(1);
  return row ?? null;
}

/**
 * The service groups of each plan, in the plan's order, with the services still in the catalog:
 * a deleted service can no longer be booked, and the drawer must not send it back.
 */
export async function groupsOfPlans(db: Db, planIds: number[]): Promise<Map<number, PlanGroup[]>> {
  const byPlan = new Map<number, PlanGroup[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return byPlan;
  const groups = await db
    .select({ id: planGroups.id, planId: planGroups.planId, quantity: planGroups.quantity })
    .from(planGroups)
    .where(inArray(planGroups.planId, planIds))
    .orderBy(asc(planGroups.planId), asc(planGroups.position), asc(planGroups.id));
  const members = groups.length
    ? await db
        .select({ groupId: planGroupServices.groupId, serviceId: planGroupServices.serviceId })
        .from(planGroupServices)
        .innerJoin(services, eq(services.id, planGroupServices.serviceId))
        .where(
          and(
            inArray(
              planGroupServices.groupId,
              groups.map((g) => g.id),
            ),
            isNull(services.deletedAt),
          ),
        )
        .orderBy(asc(planGroupServices.serviceId))
    : [];
  for (const g of groups) {
    byPlan.get(g.planId)?.push({ quantity: g.quantity, services: members.filter((m) => m.groupId === g.id).map((m) => m.serviceId) });
  }
  return byPlan;
}

/** Which of `ids` are services of the provider's live catalog. */
export async function ownLiveServiceIds(db: Db, providerId: string, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.providerId, providerId), isNull(services.deletedAt), inArray(services.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function insertPlan(tx: Tx, values: NewPlan): Promise<number> {
  const [row] = await tx.insert(plans).values(values).returning({ id: plans.id });
  if (!row) throw new Error('INSERT … RETURNING answers the inserted row');
  return row.id;
}

/** Changes a live plan of the provider; answers the plan as it was (for its old cover), or null if there is none. */
export async function updateLivePlan(tx: Tx, id: number, providerId: string, values: Partial<NewPlan>): Promise<PlanRow | null> {
  const [before] = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), live(providerId)))
    .for('update')
    .limit(1);
  if (!before) return null;
  await tx.update(plans).set(values).where(eq(plans.id, id));
  return before;
}

/**
 * Makes the plan's groups these, matched by position: a group that stays keeps its id, so the
 * bookings that used one of its credits stay linked to it; groups beyond the new list go.
 */
export async function replaceGroups(tx: Tx, planId: number, groups: PlanGroup[]): Promise<void> {
  const existing = await tx
    .select({ id: planGroups.id })
    .from(planGroups)
    .where(eq(planGroups.planId, planId))
    .orderBy(asc(planGroups.position), asc(planGroups.id));
  for (const [position, group] of groups.entries()) {
    const kept = existing[position];
    let groupId: number;
    if (kept) {
      groupId = kept.id;
      await tx.update(planGroups).set({ quantity: group.quantity, position }).where(eq(planGroups.id, groupId));
      await tx.delete(planGroupServices).where(eq(planGroupServices.groupId, groupId));
    } else {
      const [row] = await tx.insert(planGroups).values({ planId, quantity: group.quantity, position }).returning({ id: planGroups.id });
      if (!row) throw new Error('INSERT … RETURNING answers the inserted row');
      groupId = row.id;
    }
    await tx.insert(planGroupServices).values(group.services.map((serviceId) => ({ groupId, serviceId })));
  }
  const dropped = existing.slice(groups.length).map((g) => g.id);
  if (dropped.length > 0) await tx.delete(planGroups).where(inArray(planGroups.id, dropped));
}

/** Soft delete: the plan is no longer sold; memberships bought keep pointing at it. */
export async function softDeletePlan(db: Db | Tx, id: number, providerId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(plans)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(plans.id, id), live(providerId)))
    .returning({ id: plans.id });
  return rows.length === 1;
}

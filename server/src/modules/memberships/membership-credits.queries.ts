/**
 * The facts the membership rules (domain/memberships) judge: a membership's row, the groups it was
 * sold with, and the bookings holding its credits. Shared by the memberships module (My passes,
 * the client panel) and the appointments module (paying a booking with a credit).
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  appointments,
  membershipGroups,
  membershipGroupServices,
  memberships,
  planGroups,
  planGroupServices,
  users,
} from '../../db/schema.ts';
import type { Membership as DomainMembership, ValidityMonths } from '../../domain/memberships/index.ts';

export type MembershipRow = typeof memberships.$inferSelect;

/** A membership with what the rules need: the provider's zone, its groups and its credit uses. */
export interface MembershipFacts {
  row: MembershipRow;
  providerTimeZone: string;
  /** The groups as sold, in the plan's order. */
  groups: { id: number; quantity: number; serviceIds: number[] }[];
  uses: { groupId: number; startsAt: Date }[];
}

export interface MembershipFilter {
  clientId?: string;
  providerId?: string;
  ids?: string[];
  /** Only memberships whose purchase was confirmed (what a client holds, not open purchases). */
  confirmedOnly?: boolean;
}

/**
 * Loads memberships with their groups and uses. With `lock`, the membership rows are locked
 * (`FOR UPDATE`) for the rest of the transaction, so two bookings cannot both take its last
 * credit: the second waits, then counts the first one's use (docs/product-rules.md#memberships-and-credits).
 */
export async function loadMembershipFacts(
  db: Db | Tx,
  filter: MembershipFilter,
  opts: { lock?: boolean } = {},
): Promise<MembershipFacts[]> {
  const where: SQL[] = [];
  if (filter.clientId) where.push(eq(memberships.clientId, filter.clientId));
  if (filter.providerId) where.push(eq(memberships.providerId, filter.providerId));
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    where.push(inArray(memberships.id, filter.ids));
  }
  if (filter.confirmedOnly) where.push(isNotNull(memberships.confirmedAt));
  const query = db
    .select({ row: memberships, providerTimeZone: users.timezone })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.providerId))
    .where(and(...where))
    // Locks are taken in one order (ids) so two transactions locking several never deadlock.
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  const rows = opts.lock ? await query.for('update', { of: memberships }) : await query;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.row.id);

  const groups = await db
    .select({ id: membershipGroups.id, membershipId: membershipGroups.membershipId, quantity: membershipGroups.quantity })
    .from(membershipGroups)
    .where(inArray(membershipGroups.membershipId, ids))
    .orderBy(asc(membershipGroups.position), asc(membershipGroups.id));
  const members = groups.length
    ? await db
        .select({ groupId: membershipGroupServices.groupId, serviceId: membershipGroupServices.serviceId })
        .from(membershipGroupServices)
        .where(
          inArray(
            membershipGroupServices.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(membershipGroupServices.serviceId))
    : [];
  const uses = await db
    .select({ membershipId: appointments.membershipId, groupId: appointments.membershipGroupId, startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(inArray(appointments.membershipId, ids), isNotNull(appointments.membershipGroupId)));

  return rows.map(({ row, providerTimeZone }) => ({
    row,
    providerTimeZone,
    groups: groups
      .filter((g) => g.membershipId === row.id)
      .map((g) => ({ id: g.id, quantity: g.quantity, serviceIds: members.filter((m) => m.groupId === g.id).map((m) => m.serviceId) })),
    // The query reads only uses with a group.
    uses: uses.flatMap((u) => (u.membershipId === row.id && u.groupId !== null ? [{ groupId: u.groupId, startsAt: u.startsAt }] : [])),
  }));
}

/**
 * The rules' view of a confirmed membership. A purchase not yet confirmed has not started and
 * gives nothing; callers pass confirmed memberships only.
 */
export function toDomainMembership(f: MembershipFacts): DomainMembership {
  if (!f.row.confirmedAt) throw new RangeError(`membership ${f.row.id} is not confirmed`);
  return {
    id: f.row.id,
    startedAt: f.row.confirmedAt,
    interval: f.row.interval,
    expiresInMonths: (f.row.expiresInMonths as ValidityMonths | null) ?? null,
    cancelledAt: f.row.cancelledAt,
    unpaidFrom: f.row.unpaidFrom,
    endsInPeriodOf: f.row.endsInPeriodOf,
    timeZone: f.providerTimeZone,
    groups: f.groups,
    uses: f.uses,
  };
}

/**
 * Copies the plan's groups onto a new membership (when the purchase is made): what was bought
 * stays what it was when bought, whatever the provider edits in the plan later.
 */
export async function snapshotPlanGroups(tx: Tx, membershipId: string, planId: number): Promise<void> {
  const groups = await tx
    .select({ id: planGroups.id, quantity: planGroups.quantity, position: planGroups.position })
    .from(planGroups)
    .where(eq(planGroups.planId, planId))
    .orderBy(asc(planGroups.position), asc(planGroups.id));
  for (const [position, g] of groups.entries()) {
    const [copy] = await tx
      .insert(membershipGroups)
      .values({ membershipId, quantity: g.quantity, position })
      .returning({ id: membershipGroups.id });
    if (!copy) throw new Error('INSERT … RETURNING answers the inserted row');
    await tx.execute(
      sql`INSERT INTO ${membershipGroupServices} (group_id, service_id) SELECT ${copy.id}, service_id FROM ${planGroupServices} WHERE group_id = ${g.id}`,
    );
  }
}

/**
 * GET /api/appointments/{id}?include=memberships: the client's memberships that can pay for the
 * booking's session (docs/product-rules.md#memberships-and-credits).
 */
import { fromCents, type MembershipOption } from '@slotted/contract';
import { membershipState, usableMemberships } from '../../../domain/memberships/index.ts';
import { imageUrl } from '../../images/index.ts';
import { loadMembershipFacts, toDomainMembership } from '../../memberships/index.ts';
import { planCovers, type AppointmentRow } from '../appointments.queries.ts';
import type { AppointmentsDeps } from './appointments-deps.ts';

/**
 * The client's confirmed memberships with the booking's provider that could pay for its session,
 * each with the credits, renewal and expiry of the period the session falls in: that period's
 * credits are the ones the booking would use.
 */
export async function membershipOptions(deps: AppointmentsDeps, a: AppointmentRow): Promise<MembershipOption[]> {
  const facts = await loadMembershipFacts(deps.db, { clientId: a.clientId, providerId: a.providerId, confirmedOnly: true });
  const usable = usableMemberships(
    facts.map((f) => ({ ...toDomainMembership(f), row: f.row })),
    a.serviceId,
    a.startsAt,
  );
  const covers = await planCovers(deps.db, [...new Set(usable.map((u) => u.membership.row.planId))]);
  return usable.map(({ membership, credits }) => {
    const { row } = membership;
    const { renewal_day, expiration_day } = membershipState(membership, a.startsAt);
    return {
      id: row.id,
      name: row.name,
      price: fromCents(row.priceCents),
      cover: imageUrl(covers.get(row.planId) ?? null),
      interval: row.interval ?? '',
      quantity_count: credits.quantity_count,
      used_count: credits.used_count,
      available_count: credits.available_count,
      renewal_day,
      expiration_day,
    };
  });
}
